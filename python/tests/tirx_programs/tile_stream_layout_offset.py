"""Warp-scope register tiles streaming over 80 chunks of a (80, 32, 4) tensor:
each iteration views chunk k as T.decl_tensor(A.data, layout=T.TileLayout(T.S[...]
+ k * 128)) (a layout offset by the loop variable), loads it with
tile.apply(ld.global.v4.f32) into a lane-bound (32, 1, 4) tile, and folds it into
a (32, 4, 1) accumulator with tile.apply(fma.rn.f32, acc, acc, 0.5, r) (an
exponentially decayed sum); the accumulator is stored with st.global.f32."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
NC = 80


@T.function
def tile_stream_layout_offset(A: T.Tensor((NC, 32, 4), "float32"), O: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    acc = T.alloc_local((32, 4, 1), "float32", layout=T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 1, 1)]))
    r = T.alloc_local((32, 1, 4), "float32", layout=T.TileLayout(T.S[(32, 1, 4):(1 @ LANE, 4, 1)]))
    r1 = T.decl_tensor(r.data, ty_args=[T.Tensor((32, 4, 1), "float32", scope="local",
                       layout=T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 1, 1)]))])
    T.cuda.tile.apply(T.ptx["mov.b32"], acc, T.float32(0), scope="warp")
    for k in T.serial(NC):
        A3 = T.decl_tensor(A.data, ty_args=[T.Tensor((32, 1, 4), "float32",
                           layout=T.TileLayout(T.S[(32, 1, 4):(4, 4, 1)] + k * 128))])
        T.cuda.tile.apply(T.ptx["ld.global.v4.f32"], r, A3, scope="warp")
        T.cuda.tile.apply(T.ptx["fma.rn.f32"], acc, acc, T.float32(0.5), r1, scope="warp")
    O3 = T.decl_tensor(O.data, ty_args=[T.Tensor((32, 4, 1), "float32")])
    T.cuda.tile.apply(T.ptx["st.global.f32"], O3, acc, scope="warp")


def main():
    rng = np.random.default_rng(1018)
    A = (rng.standard_normal((NC, 32, 4))).astype(np.float32)
    acc = np.zeros((32, 4), np.float32)
    for k in range(NC):
        acc = (acc.astype(np.float64) * 0.5 + A[k].astype(np.float64)).astype(np.float32)
    return {"A": A, "O": np.zeros((32, 4), np.float32)}, {"O": acc}
