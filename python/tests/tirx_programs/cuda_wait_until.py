"""T.cuda.wait_until on a global flag word the host already set (the
predicate holds at once), then a read of the data the flag guards."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def wu(F: T.Tensor((1,), "uint32"), A: T.Tensor((32,), "int32"),
       B: T.Tensor((32,), "int32"), V: T.Tensor((32,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    d = T.local_scalar("uint32", T.uint32(0))
    T.cuda.wait_until(d, T.address_of(F[0]), lambda v: v >= T.uint32(3))
    V[i] = d
    B[i] = A[i] * 2


def main():
    A = np.arange(32, dtype=np.int32)
    return ({"F": np.array([5], np.uint32), "A": A, "B": np.zeros(32, np.int32),
             "V": np.zeros(32, np.uint32)},
            {"B": A * 2, "V": np.full(32, 5, np.uint32)})
