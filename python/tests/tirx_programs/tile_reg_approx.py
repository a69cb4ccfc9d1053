"""Approximate special-function register tiles at warp scope: ex2.approx.ftz.f32
of small integers (after abs.f32), lg2.approx.ftz.f32 of powers of two >= 1 (the H200's lg2 of 2^-e is not exact), rcp.approx.ftz.f32 of
powers of two, sqrt.approx.ftz.f32 of even powers of two (all exact on the
GPU's MUFU), combined with add.f32, each on a (32, 2, 1) lane tile."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
L = T.TileLayout(T.S[(32, 2, 1):(1 @ LANE, 1, 1)])


@T.function
def reg_approx(A: T.Tensor((32, 2), "float32"), B: T.Tensor((32, 2), "float32"),
               C: T.Tensor((32, 2), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    A3 = T.decl_tensor(A.data, ty_args=[T.Tensor((32, 2, 1), "float32")])
    B3 = T.decl_tensor(B.data, ty_args=[T.Tensor((32, 2, 1), "float32")])
    C3 = T.decl_tensor(C.data, ty_args=[T.Tensor((32, 2, 1), "float32")])
    x = T.alloc_local((32, 2, 1), "float32", layout=L)
    e = T.alloc_local((32, 2, 1), "float32", layout=L)
    l = T.alloc_local((32, 2, 1), "float32", layout=L)
    T.cuda.tile.apply(T.ptx["ld.global.f32"], x, A3, scope="warp")
    T.cuda.tile.apply(T.ptx["abs.f32"], e, x, scope="warp")
    T.cuda.tile.apply(T.ptx["ex2.approx.ftz.f32"], e, e, scope="warp")
    T.cuda.tile.apply(T.ptx["lg2.approx.ftz.f32"], l, e, scope="warp")
    T.cuda.tile.apply(T.ptx["rcp.approx.ftz.f32"], e, e, scope="warp")
    T.cuda.tile.apply(T.ptx["add.f32"], l, l, e, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.f32"], B3, l, scope="warp")
    T.cuda.tile.apply(T.ptx["add.f32"], x, x, x, scope="warp")
    T.cuda.tile.apply(T.ptx["ex2.approx.ftz.f32"], x, x, scope="warp")
    T.cuda.tile.apply(T.ptx["sqrt.approx.ftz.f32"], x, x, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.f32"], C3, x, scope="warp")


def main():
    A = np.random.default_rng(3).integers(-20, 21, (32, 2)).astype(np.float32)
    B = np.abs(A) + np.exp2(-np.abs(A))
    C = np.exp2(A)
    return {"A": A, "B": np.zeros_like(A), "C": np.zeros_like(A)}, {"B": B.astype(np.float32), "C": C.astype(np.float32)}
