"""A 2-D 5-point stencil over a 24 x 40 int32 image in 8 x 8 tiles: a 2-D
grid (3 x 5 blocks) of 8 x 8 threads loads its tile plus a one-element halo
into a 10 x 10 shared buffer (edge threads load the halo, out-of-image
elements read as 0 through T.if_then_else), then a barrier, then each thread
combines its neighbours; block_idx("y") picks the tile row."""
from tvm_tirx.script import tirx as T
import numpy as np

H, W = 24, 40


@T.function
def ssh(A: T.Tensor((H, W), "int32"), B: T.Tensor((H, W), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=(W // 8, H // 8), block=(8, 8)))
    S = T.alloc_shared((10, 10), "int32")
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    gx = T.cuda.block_idx("x") * 8 + tx
    gy = T.cuda.block_idx("y") * 8 + ty
    S[ty + 1, tx + 1] = A[gy, gx]
    if tx == 0:
        S[ty + 1, 0] = T.if_then_else(gx > 0, A[gy, gx - 1], 0)
    if tx == 7:
        S[ty + 1, 9] = T.if_then_else(gx < W - 1, A[gy, gx + 1], 0)
    if ty == 0:
        S[0, tx + 1] = T.if_then_else(gy > 0, A[gy - 1, gx], 0)
    if ty == 7:
        S[9, tx + 1] = T.if_then_else(gy < H - 1, A[gy + 1, gx], 0)
    T.cuda.cta_sync()
    c = S[ty + 1, tx + 1]
    B[gy, gx] = 4 * c - S[ty, tx + 1] - S[ty + 2, tx + 1] - S[ty + 1, tx] - S[ty + 1, tx + 2]


def main():
    rng = np.random.default_rng(77)
    A = rng.integers(-1000, 1000, (H, W)).astype(np.int32)
    P = np.pad(A.astype(np.int64), 1)
    B = 4 * P[1:-1, 1:-1] - P[:-2, 1:-1] - P[2:, 1:-1] - P[1:-1, :-2] - P[1:-1, 2:]
    return {"A": A, "B": np.zeros((H, W), np.int32)}, {"B": B.astype(np.int32)}
