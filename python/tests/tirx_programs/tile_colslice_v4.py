"""Warp-scope tile copies over a column slice of a row-major matrix: rows
r0..r0+31 (r0 = 32 * block index + 16, grid 1) and columns 8..11 of a (64, 16) float32
tensor, one lane per row with ld.global.v4.f32, scaled with an ewise
function, stored with st.global.v4.f32 into columns 4..7 of rows
r0..r0+31 of the output (other columns untouched)."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function(private=True)
def affine(x: T.float32, k: T.float32) -> T.float32:
    return x * k - T.float32(1)


@T.function
def colslice(X: T.Tensor((64, 16), "float32"), Y: T.Tensor((64, 16), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    r0 = T.cuda.block_idx("x") * 32 + 16
    lay = T.TileLayout(T.S[(32, 4):(1 @ LANE, 1)])
    r = T.alloc_local((32, 4), "float32", layout=lay)
    o = T.alloc_local((32, 4), "float32", layout=lay)
    T.cuda.tile.apply(T.ptx["ld.global.v4.f32"], r, X[r0:r0 + 32, 8:12], scope="warp")
    T.cuda.tile.ewise(affine, o, r, T.float32(2), scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.f32"], Y[r0:r0 + 32, 4:8], o, scope="warp")


def main():
    rng = np.random.default_rng(1119)
    X = rng.standard_normal((64, 16)).astype(np.float32)
    Y = np.full((64, 16), 9, np.float32)
    r0 = 16
    want = Y.copy()
    want[r0:r0 + 32, 4:8] = X[r0:r0 + 32, 8:12] * np.float32(2) - np.float32(1)
    return {"X": X, "Y": Y}, {"Y": want}
