"""Tiled matrix transpose through shared memory: a 32x32 tile per block,
each of 32x8 threads moving 4 rows, T.cuda.cta_sync between the phases,
a padded (32, 33) shared tile."""
from tvm_tirx.script import tirx as T
import numpy as np

M = 64


@T.function
def transpose(A: T.Tensor((M, M), "float32"), B: T.Tensor((M, M), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(2, 2), block=(32, 8)))
    bx = T.cuda.block_idx("x")
    by = T.cuda.block_idx("y")
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    tile = T.alloc_shared((32, 33), "float32")
    for r in T.serial(4):
        tile[ty + r * 8, tx] = A[by * 32 + ty + r * 8, bx * 32 + tx]
    T.cuda.cta_sync()
    for r in T.serial(4):
        B[bx * 32 + ty + r * 8, by * 32 + tx] = tile[tx, ty + r * 8]


def main():
    A = np.random.default_rng(105).standard_normal((M, M)).astype(np.float32)
    return {"A": A, "B": np.zeros_like(A)}, {"B": A.T.copy()}
