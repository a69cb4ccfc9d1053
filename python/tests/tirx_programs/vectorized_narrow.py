"""T.vectorized over narrow elements: 16 int8 lanes (char16 access) and 8
float16 lanes, each thread one vector."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def vn(A: T.Tensor((32, 16), "int8"), H: T.Tensor((32, 8), "float16"),
       B: T.Tensor((32, 16), "int8"), G: T.Tensor((32, 8), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    for j in T.vectorized(16):
        B[i, j] = A[i, j] + T.int8(1)
    for j in T.vectorized(8):
        G[i, j] = H[i, j] * T.float16(2)


def main():
    rng = np.random.default_rng(30)
    A = rng.integers(-128, 128, (32, 16)).astype(np.int8)
    H = (rng.integers(-1000, 1000, (32, 8)) / 8).astype(np.float16)
    return ({"A": A, "H": H, "B": np.zeros_like(A), "G": np.zeros_like(H)},
            {"B": (A.astype(int) + 1).astype(np.int8), "G": (H * np.float16(2)).astype(np.float16)})
