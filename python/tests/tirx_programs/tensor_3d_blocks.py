"""A 3-D tensor indexed by block_idx x/y and thread_idx x: each block owns
one (i, j) row of the last axis; also the block and grid extents
(T.cuda.block_dim / grid_dim)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def tensor3d(A: T.Tensor((3, 4, 32), "int32"), B: T.Tensor((3, 4, 32), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(4, 3), block=32))
    j = T.cuda.block_idx("x")
    i = T.cuda.block_idx("y")
    k = T.cuda.thread_idx("x")
    B[i, j, k] = A[i, j, k] * 10 + i * 100 + j * 1000 + k


def main():
    A = np.random.default_rng(103).integers(-50, 50, (3, 4, 32)).astype(np.int32)
    i, j, k = np.meshgrid(np.arange(3), np.arange(4), np.arange(32), indexing="ij")
    B = (A * 10 + i * 100 + j * 1000 + k).astype(np.int32)
    return {"A": A, "B": np.zeros_like(A)}, {"B": B}
