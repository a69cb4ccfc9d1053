"""A launch grid computed from a symbolic extent: grid=T.ceildiv(n, 64)
with n = T.dynamic("n"), so the number of blocks follows the input's
length (130 elements: 3 blocks, the last one partly guarded)."""
from tvm_tirx.script import tirx as T
import numpy as np

n = T.dynamic("n")


@T.function
def dgrid(A: T.Tensor((n,), "float32"), B: T.Tensor((n,), "float32"),
          NB: T.Tensor((n,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=T.ceildiv(n, 64), block=64))
    g = T.cuda.block_idx("x") * 64 + T.cuda.thread_idx("x")
    if g < n:
        B[g] = A[g] * T.float32(-3)
        NB[g] = T.cuda.grid_dim("x")


def main():
    A = np.arange(130, dtype=np.float32)
    return ({"A": A, "B": np.zeros_like(A), "NB": np.zeros(130, np.int32)},
            {"B": A * np.float32(-3), "NB": np.full(130, 3, np.int32)})
