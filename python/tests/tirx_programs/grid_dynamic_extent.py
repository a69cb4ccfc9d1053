"""T.grid with a kernel-valued extent (a scalar parameter) and a
(start, extent) pair: each thread sums A[tx, i, j] over i < m, 1 <= j < 4."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def gde(A: T.Tensor((32, 8, 4), "int32"), m: T.int32, O: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    tx = T.cuda.thread_idx("x")
    acc = T.local_scalar("int32", 0)
    for i, j in T.grid(m, (1, 3)):
        acc = acc + A[tx, i, j] * (i + 1)
    O[tx] = acc


def main():
    A = np.random.default_rng(4026).integers(-100, 100, (32, 8, 4)).astype(np.int32)
    m = 5
    O = np.zeros(32, np.int64)
    for i in range(m):
        for j in range(1, 4):
            O += A[:, i, j] * (i + 1)
    return {"A": A, "m": np.int32(m), "O": np.zeros(32, np.int32)}, {"O": O.astype(np.int32)}
