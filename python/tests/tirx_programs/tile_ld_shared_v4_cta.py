"""cta-scope register tiles over 4 warps x 32 lanes: the block fills a
(128, 4) shared float32 tile, then ld.shared.v4.f32 loads each thread's
row (reversed order of warps through a permuted view of shared), sub.f32 of
a broadcast scalar, mul.f32 of two tiles and st.global.v4.f32."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
WARP = T.cuda.Axis.warpid


@T.function
def ld_shared_v4(A: T.Tensor((128, 4), "float32"), B: T.Tensor((128, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((128, 4), "float32", align=16)
    for j in T.unroll(4):
        S[t, j] = A[t, j]
    T.cuda.cta_sync()
    # warp w reads the rows of warp 3 - w
    Sv = T.decl_tensor(S.data, ty_args=[T.Tensor((4, 32, 4), "float32", scope="shared",
                       layout=T.TileLayout(T.S[(4, 32, 4):(-128, 4, 1)] + 384))])
    B3 = T.decl_tensor(B.data, ty_args=[T.Tensor((4, 32, 4), "float32")])
    r = T.alloc_local((4, 32, 4), "float32", layout=T.TileLayout(
        T.S[(4, 32, 4):(1 @ WARP, 1 @ LANE, 1)]))
    q = T.alloc_local((4, 32, 4, 1), "float32", layout=T.TileLayout(
        T.S[(4, 32, 4, 1):(1 @ WARP, 1 @ LANE, 1, 1)]))
    T.cuda.tile.apply(T.ptx["ld.shared.v4.f32"], r, Sv, scope="cta")
    r1 = T.decl_tensor(r.data, ty_args=[T.Tensor((4, 32, 4, 1), "float32", scope="local",
                       layout=T.TileLayout(T.S[(4, 32, 4, 1):(1 @ WARP, 1 @ LANE, 1, 1)]))])
    T.cuda.tile.apply(T.ptx["sub.f32"], q, r1, T.float32(0.5), scope="cta")
    T.cuda.tile.apply(T.ptx["mul.f32"], r1, q, r1, scope="cta")
    T.cuda.tile.apply(T.ptx["st.global.v4.f32"], B3, r, scope="cta")


def main():
    A = (np.random.default_rng(1).integers(-32, 32, (128, 4)) / 4).astype(np.float32)
    Ar = A.reshape(4, 32, 4)[::-1].reshape(128, 4)
    return {"A": A, "B": np.zeros_like(A)}, {"B": ((Ar - np.float32(0.5)) * Ar).astype(np.float32)}
