"""A T.local_scalar assigned under an `if` on a kernel value (some lanes
only), then written by PTX instructions (T.ptx.add.s32 / T.ptx.mul.lo.s32
with it as destination and source), then assigned again by Python and read
by T.ptx.max.s32: TIRx's C keeps one register (v_ptr[0]) throughout."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def lsi(A: T.Tensor((32,), "int32"), O: T.Tensor((32, 3), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    tx = T.cuda.thread_idx("x")
    v = T.local_scalar("int32", 1)
    w = T.local_scalar("int32", 0)
    if A[tx] > 0:
        v = A[tx] * 2
    T.ptx.add.s32(v, v, T.int32(10))
    O[tx, 0] = v
    if tx % 2 == 0:
        v = v - 100
    else:
        T.ptx.mul.lo.s32(v, v, T.int32(3))
    O[tx, 1] = v
    T.ptx.max.s32(w, v, T.int32(0))
    O[tx, 2] = w


def main():
    A = np.random.default_rng(4031).integers(-50, 50, 32).astype(np.int32)
    O = np.zeros((32, 3), np.int32)
    for t in range(32):
        v = 1
        if A[t] > 0:
            v = int(A[t]) * 2
        v += 10
        O[t, 0] = v
        v = v - 100 if t % 2 == 0 else v * 3
        O[t, 1] = v
        O[t, 2] = max(v, 0)
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
