"""One warp computes a 32x32x32 f16 GEMM (f32 accumulate) with TIRx's tile
patterns: A (M x K) and B (K x N, row-major) staged as b32 words in 64-byte
row shared tiles with an XOR swizzle (T.ComposeLayout(2, 2, 3, ...)),
ldmatrix .x4 for A over (M, K) repeats with the matrix axis split over two
strides, ldmatrix .x4 .trans for B (two N blocks per instruction) over
(N/2, K) repeats, then one mma.sync m16n8k16 tile op over M=2, N=4, K=2
repeats whose register views alias the ldmatrix destinations."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


def swz(shape, strides):
    return T.ComposeLayout(2, 2, 3, T.TileLayout(T.S[shape:strides]))


@T.function
def warp_gemm(A: T.Tensor((32, 16), "uint32"), B: T.Tensor((32, 16), "uint32"),
              D: T.Tensor((32, 32), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    SA = T.alloc_shared((32, 16), "uint32", layout=swz((32, 16), (16, 1)), align=256)
    SB = T.alloc_shared((32, 16), "uint32", layout=swz((32, 16), (16, 1)), align=256)
    for w in T.unroll(16):
        SA[lane, w] = A[lane, w]
        SB[lane, w] = B[lane, w]
    T.cuda.cta_sync()
    abuf = T.alloc_local((16,), "uint32")
    bbuf = T.alloc_local((16,), "uint32")
    dbuf = T.alloc_local((32,), "float32")
    sa = T.decl_tensor(SA.data, ty_args=[T.Tensor((2, 2, 4, 8, 4), "uint32", scope="shared",
                       layout=swz((2, 2, 2, 2, 8, 4), (256, 8, 4, 128, 16, 1)))])
    sb = T.decl_tensor(SB.data, ty_args=[T.Tensor((2, 2, 4, 8, 4), "uint32", scope="shared",
                       layout=swz((2, 2, 2, 2, 8, 4), (8, 256, 4, 128, 16, 1)))])
    la = T.decl_tensor(abuf.data, ty_args=[T.Tensor((2, 2, 4, 8, 4), "uint32", scope="local",
                       layout=T.TileLayout(T.S[(2, 2, 4, 8, 4):(8, 4, 1, 4 @ LANE, 1 @ LANE)]))])
    lb = T.decl_tensor(bbuf.data, ty_args=[T.Tensor((2, 2, 4, 8, 4), "uint32", scope="local",
                       layout=T.TileLayout(T.S[(2, 2, 2, 2, 8, 4):(8, 2, 4, 1, 4 @ LANE, 1 @ LANE)]))])
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16, la, sa, scope="warp")
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16, lb, sb, scope="warp")
    a = T.decl_tensor(abuf.data, ty_args=[T.Tensor((2, 2, 16, 8), "uint32", scope="local",
                      layout=T.TileLayout(T.S[(2, 2, 2, 8, 2, 4):(8, 4, 1, 4 @ LANE, 2, 1 @ LANE)]))])
    b = T.decl_tensor(bbuf.data, ty_args=[T.Tensor((4, 2, 8, 8), "uint32", scope="local",
                      layout=T.TileLayout(T.S[(4, 2, 8, 2, 4):(4, 2, 4 @ LANE, 1, 1 @ LANE)]))])
    d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor((2, 4, 16, 8), "float32", scope="local",
                      layout=T.TileLayout(T.S[(2, 4, 2, 8, 4, 2):(16, 4, 2, 4 @ LANE, 1 @ LANE, 1)]))])
    T.cuda.tile.apply(T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32,
                      d, a, b, T.float32(0), scope="warp")
    for mi in T.unroll(2):
        for ni in T.unroll(4):
            for rh in T.unroll(2):
                for c in T.unroll(2):
                    D[16 * mi + 8 * rh + lane // 4, 8 * ni + 2 * (lane % 4) + c] = \
                        dbuf[16 * mi + 4 * ni + 2 * rh + c]


def main():
    rng = np.random.default_rng(17)
    A = rng.integers(-6, 7, (32, 32)).astype(np.float16)
    B = rng.integers(-6, 7, (32, 32)).astype(np.float16)
    D = A.astype(np.float32) @ B.astype(np.float32)
    return ({"A": A.view(np.uint32), "B": B.view(np.uint32), "D": np.zeros((32, 32), np.float32)},
            {"D": D.astype(np.float32)})
