"""Register tiles whose layout replicates over lanes (T.R) and extents-only
T.S forms: every lane holds the same 4-element row (S[4] + R[32:1@laneid],
filled through a flat decl_tensor view; TIRx refuses ld.global.v4 into it), adds its own lane-bound values, and the
extents-only T.S[(32, 4)] view of a global tensor is the store target."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def replicated(Row: T.Tensor((4,), "float32"), A: T.Tensor((32, 4), "float32"),
               B: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    rep = T.alloc_local((4,), "float32", layout=T.TileLayout(
        T.S[4:1] + T.R[32:1 @ LANE]))
    mine = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v4.f32"], mine, A, scope="warp")
    rr = T.decl_tensor(rep.data, ty_args=[T.Tensor((4,), "float32", scope="local")])
    mm = T.decl_tensor(mine.data, ty_args=[T.Tensor((4,), "float32", scope="local")])
    for k in T.unroll(4):
        rr[k] = Row[k]
    for k in T.unroll(4):
        mm[k] = mm[k] + rr[k]
    Bv = T.decl_tensor(B.data, ty_args=[T.Tensor((32, 4), "float32",
                       layout=T.TileLayout(T.S[(32, 4)]))])
    T.cuda.tile.apply(T.ptx["st.global.v4.f32"], Bv, mine, scope="warp")


def main():
    rng = np.random.default_rng(71)
    Row = rng.standard_normal(4).astype(np.float32)
    A = rng.standard_normal((32, 4)).astype(np.float32)
    return {"Row": Row, "A": A, "B": np.zeros_like(A)}, {"B": (A + Row).astype(np.float32)}
