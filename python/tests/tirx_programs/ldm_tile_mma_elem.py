"""Mixing levels, as a TIRx user porting CUDA does: A and B fragments loaded
by ldmatrix as warp tile ops (T.cuda.tile.apply over register images declared
on plain local arrays, x4 for A, x2.trans for B), then the mma issued at
element level on those same local arrays (abuf[0..3], bbuf[0..1]) over a
16x8x16 f16 tile, C from a bias, D written per lane."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def mixed(A: T.Tensor((16, 16), "float16"), B: T.Tensor((16, 8), "float16"),
          D: T.Tensor((16, 8), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    SA = T.alloc_shared((16, 8), "uint32", align=128)
    SB = T.alloc_shared((16, 4), "uint32", align=128)
    SAh = T.decl_tensor(SA.data, ty_args=[T.Tensor((16, 16), "float16", scope="shared")])
    SBh = T.decl_tensor(SB.data, ty_args=[T.Tensor((16, 8), "float16", scope="shared")])
    for r in T.unroll(8):
        SAh[2 * r + lane // 16, lane % 16] = A[2 * r + lane // 16, lane % 16]
    for r in T.unroll(4):
        SBh[4 * r + lane // 8, lane % 8] = B[4 * r + lane // 8, lane % 8]
    T.cuda.cta_sync()
    abuf = T.alloc_local((4,), "uint32")
    bbuf = T.alloc_local((2,), "uint32")
    # A: matrices (rows 8i, cols 8j) -> register 2 j + i, words (matrix, row, word)
    sa = T.decl_tensor(SA.data, ty_args=[T.Tensor((4, 8, 4), "uint32", scope="shared",
                       layout=T.TileLayout(T.S[(2, 2, 8, 4):(4, 64, 8, 1)]))])
    la = T.decl_tensor(abuf.data, ty_args=[T.Tensor((4, 8, 4), "uint32", scope="local",
                       layout=T.TileLayout(T.S[(2, 2, 8, 4):(2, 1, 4 @ LANE, 1 @ LANE)]))])
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16, la, sa, scope="warp")
    sb = T.decl_tensor(SB.data, ty_args=[T.Tensor((2, 8, 4), "uint32", scope="shared",
                       layout=T.TileLayout(T.S[(2, 8, 4):(32, 4, 1)]))])
    lb = T.decl_tensor(bbuf.data, ty_args=[T.Tensor((2, 8, 4), "uint32", scope="local",
                       layout=T.TileLayout(T.S[(2, 8, 4):(1, 4 @ LANE, 1 @ LANE)]))])
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16, lb, sb, scope="warp")
    acc = T.alloc_local((4,), "float32")
    for i in T.unroll(4):
        acc[i] = T.float32(0.5)
    T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
        acc[0], acc[1], acc[2], acc[3], abuf[0], abuf[1], abuf[2], abuf[3], bbuf[0], bbuf[1],
        acc[0], acc[1], acc[2], acc[3])
    for i in T.unroll(4):
        D[lane // 4 + 8 * (i // 2), 2 * (lane % 4) + i % 2] = acc[i]


def main():
    rng = np.random.default_rng(724)
    A = rng.integers(-4, 5, (16, 16)).astype(np.float16)
    B = rng.integers(-4, 5, (16, 8)).astype(np.float16)
    D = (A.astype(np.float32) @ B.astype(np.float32) + 0.5).astype(np.float32)
    return {"A": A, "B": B, "D": np.zeros((16, 8), np.float32)}, {"D": D}
