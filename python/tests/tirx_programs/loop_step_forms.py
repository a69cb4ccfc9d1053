"""Loop forms: T.serial(start, stop, step=2), T.serial(start, stop) with a
kernel-value start, T.unroll(2, 10, step=3), T.grid with a T.vectorized-free
nest, a reverse loop via index arithmetic, and T.vectorized(0, 4) with a start."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def loops(A: T.Tensor((32, 16), "int32"), O: T.Tensor((32, 4), "int32"),
          V: T.Tensor((32, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    s0 = T.local_scalar("int32", T.int32(0))
    for k in T.serial(1, 16, step=2):
        s0 = s0 + A[t, k]
    O[t, 0] = s0
    s1 = T.local_scalar("int32", T.int32(0))
    for k in T.serial(t % 4, 16):
        s1 = s1 + A[t, k]
    O[t, 1] = s1
    s2 = T.local_scalar("int32", T.int32(0))
    for k in T.unroll(2, 10, step=3):
        s2 = s2 * 2 + A[t, k]
    O[t, 2] = s2
    s3 = T.local_scalar("int32", T.int32(0))
    for k in T.serial(16):
        s3 = s3 * 3 + A[t, 15 - k]
    O[t, 3] = s3
    for j in T.vectorized(4):
        V[t, j] = A[t, 12 + j] - A[t, j]


def main():
    A = np.random.default_rng(42).integers(-5, 5, (32, 16)).astype(np.int32)
    O = np.zeros((32, 4), np.int64)
    for t in range(32):
        a = A[t].astype(np.int64)
        O[t, 0] = a[1:16:2].sum()
        O[t, 1] = a[t % 4:].sum()
        s = 0
        for k in range(2, 10, 3):
            s = s * 2 + a[k]
        O[t, 2] = s
        s = 0
        for k in range(16):
            s = (s * 3 + a[15 - k])
        O[t, 3] = np.int64(s & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
    V = A[:, 12:16] - A[:, 0:4]
    return ({"A": A, "O": np.zeros((32, 4), np.int32), "V": np.zeros((32, 4), np.int32)},
            {"O": O.astype(np.int32), "V": V})
