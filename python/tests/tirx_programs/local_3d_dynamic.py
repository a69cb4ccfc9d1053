"""A 3-D T.alloc_local indexed with kernel-valued (dynamic) indices, filled
by a T.grid nest and read back in a data-dependent order."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def l3d(A: T.Tensor((32, 3), "int32"), O: T.Tensor((32, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    buf = T.alloc_local((2, 3, 4), "int32")
    for a, b, c in T.grid(2, 3, 4):
        buf[a, b, c] = (a * 100 + b * 10 + c) * (t + 1)
    for k in T.serial(4):
        O[t, k] = buf[(A[t, 0] + k) % 2, (A[t, 1] + k) % 3, (A[t, 2] + k) % 4]


def main():
    A = np.random.default_rng(14).integers(0, 50, (32, 3)).astype(np.int32)
    O = np.zeros((32, 4), np.int32)
    for t in range(32):
        for k in range(4):
            a, b, c = (A[t, 0] + k) % 2, (A[t, 1] + k) % 3, (A[t, 2] + k) % 4
            O[t, k] = (a * 100 + b * 10 + c) * (t + 1)
    return {"A": A, "O": np.zeros((32, 4), np.int32)}, {"O": O}
