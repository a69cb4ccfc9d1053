"""Register PTX instructions as tile ops at warp scope (the register
pattern): ld.global.f32 into a (32, 4, 1) lane-bound tile, add.f32 of two
tiles, fma.rn.f32 with scalar broadcast operands, max.f32, st.global.f32."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def tile_reg(A: T.Tensor((32, 4), "float32"), B: T.Tensor((32, 4), "float32"),
             C: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    A3 = T.decl_tensor(A.data, ty_args=[T.Tensor((32, 4, 1), "float32")])
    B3 = T.decl_tensor(B.data, ty_args=[T.Tensor((32, 4, 1), "float32")])
    C3 = T.decl_tensor(C.data, ty_args=[T.Tensor((32, 4, 1), "float32")])
    r = T.alloc_local((32, 4, 1), "float32", layout=T.TileLayout(
        T.S[(32, 4, 1):(1 @ LANE, 1, 1)]))
    s = T.alloc_local((32, 4, 1), "float32", layout=T.TileLayout(
        T.S[(32, 4, 1):(1 @ LANE, 1, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A3, scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.f32"], s, B3, scope="warp")
    T.cuda.tile.apply(T.ptx["add.f32"], r, r, s, scope="warp")
    T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, T.float32(2), T.float32(-1), scope="warp")
    T.cuda.tile.apply(T.ptx["max.f32"], r, r, s, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.f32"], C3, r, scope="warp")


def main():
    rng = np.random.default_rng(31)
    A = rng.integers(-16, 16, (32, 4)).astype(np.float32) / 4
    B = rng.integers(-16, 16, (32, 4)).astype(np.float32) / 4
    C = np.maximum((A + B) * np.float32(2) - np.float32(1), B).astype(np.float32)
    return {"A": A, "B": B, "C": np.zeros_like(A)}, {"C": C}
