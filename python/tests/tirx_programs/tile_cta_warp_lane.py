"""A cta-scope tile bound to warp and lane ids: (4, 32, 2) float32 with
S[(4, 32, 2):(1@warpid, 1@laneid, 1)], loaded with ld.global.v2.f32 from a
row-major (128, 2) tensor viewed as (4, 32, 2), doubled with mul.f32 over a
(4, 32, 2, 1) view of its registers, stored with st.global.v2.f32."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
WARP = T.cuda.Axis.warpid


@T.function
def tile_cta(A: T.Tensor((128, 2), "float32"), B: T.Tensor((128, 2), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    A3 = T.decl_tensor(A.data, ty_args=[T.Tensor((4, 32, 2), "float32")])
    B3 = T.decl_tensor(B.data, ty_args=[T.Tensor((4, 32, 2), "float32")])
    r = T.alloc_local((4, 32, 2), "float32", layout=T.TileLayout(
        T.S[(4, 32, 2):(1 @ WARP, 1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v2.f32"], r, A3, scope="cta")
    r4 = T.decl_tensor(r.data, ty_args=[T.Tensor((4, 32, 2, 1), "float32", scope="local",
                       layout=T.TileLayout(T.S[(4, 32, 2, 1):(1 @ WARP, 1 @ LANE, 1, 1)]))])
    T.cuda.tile.apply(T.ptx["mul.f32"], r4, r4, T.float32(3), scope="cta")
    T.cuda.tile.apply(T.ptx["st.global.v2.f32"], B3, r, scope="cta")


def main():
    A = np.random.default_rng(32).standard_normal((128, 2)).astype(np.float32)
    return {"A": A, "B": np.zeros_like(A)}, {"B": A * np.float32(3)}
