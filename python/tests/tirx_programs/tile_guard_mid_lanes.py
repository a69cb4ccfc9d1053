"""A warp tile op under a guard that keeps the middle lanes (8 <= lane < 24)
of each warp, in a grid of 3 blocks: ld.global.v2.f32 of the block's rows
8..23 (a region of A starting at a block-dependent offset), add.f32 of a
per-block scalar, st.global.v2.f32 back to B's same rows; the other lanes
leave B untouched."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def tgm(A: T.Tensor((96, 2), "float32"), S: T.Tensor((3,), "float32"), B: T.Tensor((96, 2), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=3, block=32))
    bx = T.cuda.block_idx("x")
    lane = T.cuda.lane_id()
    r = T.alloc_local((32, 2), "float32", layout=T.TileLayout(T.S[(32, 2):(1 @ LANE, 1)]))
    s = S[bx]
    if lane >= 8 and lane < 24:
        T.cuda.tile.apply(T.ptx["ld.global.v2.f32"], r[8:24], A[bx * 32 + 8:bx * 32 + 24, :], scope="warp")
        T.cuda.tile.apply(T.ptx["add.f32"], r[8:24, 0:1], r[8:24, 0:1], s, scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.v2.f32"], B[bx * 32 + 8:bx * 32 + 24, :], r[8:24], scope="warp")


def main():
    rng = np.random.default_rng(4023)
    A = (rng.integers(-100, 100, (96, 2)) / 4).astype(np.float32)
    S = np.array([1.5, -2.0, 100.25], np.float32)
    B = np.full((96, 2), -7.0, np.float32)
    for b in range(3):
        rows = slice(b * 32 + 8, b * 32 + 24)
        B[rows, 0] = A[rows, 0] + S[b]
        B[rows, 1] = A[rows, 1]
    return {"A": A, "S": S, "B": np.full((96, 2), -7.0, np.float32)}, {"B": B}
