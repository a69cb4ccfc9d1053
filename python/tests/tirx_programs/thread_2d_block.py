"""A 2-D thread block (block=(16, 8)): thread_idx x/y index a matrix,
block_dim used in the linear id."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def tid2d(A: T.Tensor((8, 16), "float32"), B: T.Tensor((8, 16), "float32"),
          L: T.Tensor((8, 16), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=(16, 8)))
    x = T.cuda.thread_idx("x")
    y = T.cuda.thread_idx("y")
    B[y, x] = A[y, x] - T.float32(0.5)
    L[y, x] = y * 16 + x


def main():
    A = np.random.default_rng(104).standard_normal((8, 16)).astype(np.float32)
    return ({"A": A, "B": np.zeros_like(A), "L": np.zeros((8, 16), np.int32)},
            {"B": (A - np.float32(0.5)).astype(np.float32),
             "L": np.arange(128, dtype=np.int32).reshape(8, 16)})
