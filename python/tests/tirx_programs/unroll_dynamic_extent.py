"""T.serial whose extent (T.unroll of one is rejected by TIRx) is a scalar kernel parameter, and a
grid-stride loop whose step is gridDim*blockDim read at run time."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def ude(A: T.Tensor((1000,), "float32"), B: T.Tensor((1000,), "float32"),
        C: T.Tensor((64,), "int32"), n: T.int32, m: T.int32):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=3, block=64))
    tid = T.cuda.block_idx("x") * T.cuda.block_dim("x") + T.cuda.thread_idx("x")
    for j in T.serial(tid, n, step=T.cuda.grid_dim("x") * T.cuda.block_dim("x")):
        B[j] = A[j] * T.float32(2) + T.float32(1)
    if T.cuda.block_idx("x") == 0:
        s = T.local_scalar("int32", 0)
        for k in T.serial(m):
            s = s + k * T.cuda.thread_idx("x")
        C[T.cuda.thread_idx("x")] = s


def main():
    A = np.arange(1000, dtype=np.float32) * 0.5
    n, m = 997, 6
    B = np.zeros(1000, np.float32)
    B[:n] = A[:n] * 2 + 1
    C = (np.arange(64) * sum(range(m))).astype(np.int32)
    return ({"A": A, "B": np.zeros(1000, np.float32), "C": np.zeros(64, np.int32), "n": n, "m": m},
            {"B": B, "C": C})
