"""A T.shared_scalar updated by thread 0 inside a loop with a run-time trip
count (n, a scalar parameter), read by every thread after a cta_sync: a
running block-wide total that each thread samples every iteration. TIRx's
C stores into and reloads the shared word every time (`s_ptr[0]`)."""
from tvm_tirx.script import tirx as T
import numpy as np

TPB = 32


@T.function
def sslc(A: T.Tensor((16,), "int32"), n: T.int32, O: T.Tensor((TPB,), "int32"),
         F: T.Tensor((TPB,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=TPB))
    tx = T.cuda.thread_idx("x")
    s = T.shared_scalar("int32")
    if tx == 0:
        s = 0
    T.cuda.cta_sync()
    seen = T.local_scalar("int32", 0)
    for k in T.serial(n):
        if tx == 0:
            s = s + A[k]
        T.cuda.cta_sync()
        seen = seen * 3 + s
        T.cuda.cta_sync()
    O[tx] = seen
    F[tx] = s


def main():
    A = np.random.default_rng(4013).integers(-100, 100, 16).astype(np.int32)
    n = 10
    seen = 0; s = 0
    for k in range(n):
        s += int(A[k]); seen = seen * 3 + s
    return ({"A": A, "n": np.int32(n), "O": np.zeros(TPB, np.int32), "F": np.zeros(TPB, np.int32)},
            {"O": np.full(TPB, seen, np.int32), "F": np.full(TPB, s, np.int32)})
