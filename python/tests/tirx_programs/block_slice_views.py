"""Block-indexed slices on a 2-D grid of 2-D blocks, as element code: each
block binds its (8, 8) tile of A as a region with kernel-valued starts
(A[by*8 : by*8+8, bx*8 : bx*8+8]), reads it transposed through the region,
and writes B's tile through a 3-D reshaped view of B (decl_tensor (4, 8, 16))."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def bsv(A: T.Tensor((32, 16), "int32"), B: T.Tensor((32, 16), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(2, 4), block=(8, 8)))
    bx = T.cuda.block_idx("x")
    by = T.cuda.block_idx("y")
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    At = A[by * 8:by * 8 + 8, bx * 8:bx * 8 + 8]
    B3 = T.decl_tensor(B.data, ty_args=[T.Tensor((4, 8, 16), "int32")])
    B3[by, ty, bx * 8 + tx] = At[tx, ty] * 10 + by * 2 + bx


def main():
    A = np.random.default_rng(4025).integers(-1000, 1000, (32, 16)).astype(np.int32)
    B = np.zeros_like(A)
    for by in range(4):
        for bx in range(2):
            blk = A[by * 8:by * 8 + 8, bx * 8:bx * 8 + 8]
            B[by * 8:by * 8 + 8, bx * 8:bx * 8 + 8] = blk.T * 10 + by * 2 + bx
    return {"A": A, "B": np.zeros_like(A)}, {"B": B}
