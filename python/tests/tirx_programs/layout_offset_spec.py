"""Layout specs with offsets: T.S[...] + 64 (a constant element offset into a
global buffer), a register tile for two warps with the warp term added as an
offset (T.S[(32, 4):(1@laneid, 1)] + ...) is not expressible, so the view
carries the warp: S[(2, 32, 4):(128, 4, 1)] + 64, loaded at cta scope."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
WARP = T.cuda.Axis.warpid


@T.function
def offs(A: T.Tensor((320,), "float32"), B: T.Tensor((2, 32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    Av = T.decl_tensor(A.data, ty_args=[T.Tensor((2, 32, 4), "float32",
                       layout=T.TileLayout(T.S[(2, 32, 4):(128, 4, 1)] + 64))])
    r = T.alloc_local((2, 32, 4), "float32", layout=T.TileLayout(
        T.S[(2, 32, 4):(1 @ WARP, 1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v4.f32"], r, Av, scope="cta")
    T.cuda.tile.apply(T.ptx["st.global.v4.f32"], B, r, scope="cta")


def main():
    A = np.arange(320, dtype=np.float32)
    return {"A": A, "B": np.zeros((2, 32, 4), np.float32)}, {"B": A[64:320].reshape(2, 32, 4).copy()}
