"""cvt register tile ops at warp scope: ld.global.b16 of float16 words into
a (32, 4, 1) float16 tile, cvt.f32.f16 widening, fma.rn.f32, then
cvt.rni.s32.f32 (round half to even) into int32, cvt.rn.f16.f32 back into a
float16 tile (st.global.b16), and cvt.rzi.s32.f32 (truncation)."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


def L():
    return T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 1, 1)])


@T.function
def cvt_chain(A: T.Tensor((32, 4), "float16"), H: T.Tensor((32, 4), "float16"),
              R: T.Tensor((32, 4), "int32"), Z: T.Tensor((32, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    A3 = T.decl_tensor(A.data, ty_args=[T.Tensor((32, 4, 1), "float16")])
    H3 = T.decl_tensor(H.data, ty_args=[T.Tensor((32, 4, 1), "float16")])
    R3 = T.decl_tensor(R.data, ty_args=[T.Tensor((32, 4, 1), "int32")])
    Z3 = T.decl_tensor(Z.data, ty_args=[T.Tensor((32, 4, 1), "int32")])
    h = T.alloc_local((32, 4, 1), "float16", layout=L())
    f = T.alloc_local((32, 4, 1), "float32", layout=L())
    i = T.alloc_local((32, 4, 1), "int32", layout=L())
    T.cuda.tile.apply(T.ptx["ld.global.b16"], h, A3, scope="warp")
    T.cuda.tile.apply(T.ptx["cvt.f32.f16"], f, h, scope="warp")
    T.cuda.tile.apply(T.ptx["fma.rn.f32"], f, f, T.float32(0.5), T.float32(0.25), scope="warp")
    T.cuda.tile.apply(T.ptx["cvt.rni.s32.f32"], i, f, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.s32"], R3, i, scope="warp")
    T.cuda.tile.apply(T.ptx["cvt.rzi.s32.f32"], i, f, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.s32"], Z3, i, scope="warp")
    T.cuda.tile.apply(T.ptx["mul.f32"], f, f, T.float32(1.0 / 3.0), scope="warp")
    T.cuda.tile.apply(T.ptx["cvt.rn.f16.f32"], h, f, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.b16"], H3, h, scope="warp")


def main():
    A = (np.random.default_rng(5).integers(-64, 64, (32, 4)) / 2).astype(np.float16)
    f = A.astype(np.float32) * np.float32(0.5) + np.float32(0.25)
    R = np.rint(f).astype(np.int32)
    Z = np.trunc(f).astype(np.int32)
    H = (f * np.float32(1.0 / 3.0)).astype(np.float16)
    return ({"A": A, "H": np.zeros_like(A), "R": np.zeros((32, 4), np.int32), "Z": np.zeros((32, 4), np.int32)},
            {"H": H, "R": R, "Z": Z})
