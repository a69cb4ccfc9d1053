"""tile.ewise at warp scope over lane-bound (32, 4) tiles with three inputs
of different dtypes, loaded by ld.global.f32 / ld.global.s32 tile ops (float32, int32, a broadcast float32 scalar), a T.cast
and a T.Select inside the scalar function, plus a second ewise producing an
int32 tile from a float32 one."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function(private=True)
def f3(x: T.float32, k: T.int32, s: T.float32) -> T.float32:
    y = x * T.cast(k, "float32") + s
    return T.Select(k > 0, y, x - s)


@T.function(private=True)
def tobin(x: T.float32) -> T.int32:
    return T.Select(x >= T.float32(0), T.int32(1), T.int32(-1))


@T.function
def ew_mixed(X: T.Tensor((32, 4), "float32"), K: T.Tensor((32, 4), "int32"),
             Y: T.Tensor((32, 4), "float32"), S: T.Tensor((32, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    X3 = T.decl_tensor(X.data, ty_args=[T.Tensor((32, 4, 1), "float32")])
    K3 = T.decl_tensor(K.data, ty_args=[T.Tensor((32, 4, 1), "int32")])
    Y3 = T.decl_tensor(Y.data, ty_args=[T.Tensor((32, 4, 1), "float32")])
    S3 = T.decl_tensor(S.data, ty_args=[T.Tensor((32, 4, 1), "int32")])
    lay = T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 1, 1)])
    x = T.alloc_local((32, 4, 1), "float32", layout=lay)
    k = T.alloc_local((32, 4, 1), "int32", layout=lay)
    y = T.alloc_local((32, 4, 1), "float32", layout=lay)
    sgn = T.alloc_local((32, 4, 1), "int32", layout=lay)
    T.cuda.tile.apply(T.ptx["ld.global.f32"], x, X3, scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.s32"], k, K3, scope="warp")
    T.cuda.tile.ewise(f3, y, x, k, T.float32(0.5), scope="warp")
    T.cuda.tile.ewise(tobin, sgn, y, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.f32"], Y3, y, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.s32"], S3, sgn, scope="warp")


def main():
    rng = np.random.default_rng(453)
    X = (rng.integers(-64, 64, (32, 4)) / 8).astype(np.float32)
    K = rng.integers(-3, 4, (32, 4)).astype(np.int32)
    Y = np.where(K > 0, X * K.astype(np.float32) + np.float32(0.5), X - np.float32(0.5)).astype(np.float32)
    S = np.where(Y >= 0, 1, -1).astype(np.int32)
    return ({"X": X, "K": K, "Y": np.zeros_like(X), "S": np.zeros_like(K)}, {"Y": Y, "S": S})
