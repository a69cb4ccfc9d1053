"""float16 register tiles at warp scope: ld.global.v4.b16 from a (32, 4)
float16 tensor into a lane-bound tile, an ewise scalar function on float16
(x * x - 1, which nvcc contracts into one fma.rn.f16), st.global.v4.b16; plus a
(32, 8) float16 tile moved as v4.b32 words through a uint32 view."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function(private=True)
def sq1(x: T.float16) -> T.float16:
    return x * x - T.float16(1)


@T.function
def tile_half(A: T.Tensor((32, 4), "float16"), B: T.Tensor((32, 4), "float16"),
              W: T.Tensor((32, 4), "uint32"), V: T.Tensor((32, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    r = T.alloc_local((32, 4), "float16", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v4.b16"], r, A, scope="warp")
    T.cuda.tile.ewise(sq1, r, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"], B, r, scope="warp")
    w = T.alloc_local((32, 4), "uint32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], w, W, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], V, w, scope="warp")


def main():
    rng = np.random.default_rng(102)
    A = (rng.standard_normal((32, 4)) * 3).astype(np.float16)
    W = rng.integers(0, 2**32, (32, 4), dtype=np.uint64).astype(np.uint32)
    # nvcc: __hmul/__hsub are mul.f16/sub.f16 (no .rn), which ptxas contracts
    # into one fma: a * a - 1 rounded once (the SASS of TIRx's kernel, nvcc
    # 13.0 --use_fast_math for sm_90: HFMA2 R, a, a, -1, -1).
    B = (A.astype(np.float64) ** 2 - 1).astype(np.float16)
    return ({"A": A, "B": np.zeros_like(A), "W": W, "V": np.zeros_like(W)}, {"B": B, "V": W.copy()})
