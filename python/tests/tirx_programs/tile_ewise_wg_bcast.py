"""tile.ewise at warpgroup scope over (4, 32, 4) tiles bound to
wid_in_wg/laneid in a block of 256 threads (two warpgroups, each working on
its own region), with a scalar T.function of three inputs: a tile, a
zero-stride broadcast view of a per-lane (4, 32) bias tile, and a broadcast
kernel scalar; then a second ewise producing a bool-free int32 tile of
comparisons."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
WIG = T.cuda.Axis.wid_in_wg


@T.function(private=True)
def axpb(x: T.float32, b: T.float32, s: T.float32) -> T.float32:
    y = x * s + b
    return T.max(y, T.float32(-4))


@T.function(private=True)
def sign3(x: T.float32) -> T.int32:
    return T.Select(x > T.float32(0), T.int32(1), T.Select(x < T.float32(0), T.int32(-1), T.int32(0)))


@T.function
def ewise_wg(A: T.Tensor((256, 4), "float32"), Bias: T.Tensor((256,), "float32"),
             s: T.float32, O: T.Tensor((256, 4), "float32"), G: T.Tensor((256, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256))
    tid = T.cuda.thread_idx("x")
    wg = T.cuda.warpgroup_id()
    x = T.alloc_local((4, 32, 4), "float32", layout=T.TileLayout(T.S[(4, 32, 4):(1 @ WIG, 1 @ LANE, 1)]))
    bb = T.alloc_local((1,), "float32")
    bias = T.decl_tensor(bb.data, ty_args=[T.Tensor((4, 32, 4), "float32", scope="local",
                         layout=T.TileLayout(T.S[(4, 32, 4):(1 @ WIG, 1 @ LANE, 0)]))])
    y = T.alloc_local((4, 32, 4), "float32", layout=T.TileLayout(T.S[(4, 32, 4):(1 @ WIG, 1 @ LANE, 1)]))
    g = T.alloc_local((4, 32, 4), "int32", layout=T.TileLayout(T.S[(4, 32, 4):(1 @ WIG, 1 @ LANE, 1)]))
    xf = T.decl_tensor(x.data, ty_args=[T.Tensor((4,), "float32", scope="local", layout="default")])
    yf = T.decl_tensor(y.data, ty_args=[T.Tensor((4,), "float32", scope="local", layout="default")])
    gf = T.decl_tensor(g.data, ty_args=[T.Tensor((4,), "int32", scope="local", layout="default")])
    for j in T.unroll(4):
        xf[j] = A[tid, j]
    bb[0] = Bias[tid]
    T.cuda.tile.ewise(axpb, y, x, bias, s, scope="warpgroup")
    T.cuda.tile.ewise(sign3, g, y, scope="warpgroup")
    for j in T.unroll(4):
        O[tid, j] = yf[j]
        G[tid, j] = gf[j]


def main():
    rng = np.random.default_rng(21)
    A = (rng.integers(-16, 16, (256, 4)) / 4).astype(np.float32)
    Bias = (rng.integers(-8, 8, 256) / 2).astype(np.float32)
    s = np.float32(1.5)
    O = np.maximum(A * s + Bias[:, None], np.float32(-4)).astype(np.float32)
    G = np.sign(O).astype(np.int32)
    return ({"A": A, "Bias": Bias, "s": s, "O": np.zeros_like(A), "G": np.zeros((256, 4), np.int32)},
            {"O": O, "G": G})
