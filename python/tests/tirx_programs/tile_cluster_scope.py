"""TIRx's scope="cluster": register tiles over (CTA of the cluster, warp,
lane), the CTA axis bound by 1 @ T.cuda.Axis.cbx, in clusters of 2 CTAs
of 64 threads (grid 4). Each thread loads its two elements of the
cluster's slice, computes r + r and then (r + r) * r + 0.5 with fma, and
stores; an ewise at cluster scope squares them into a second output."""
from tvm_tirx.script import tirx as T
import numpy as np

CB = T.cuda.Axis.cbx
WARP = T.cuda.Axis.warpid
LANE = T.cuda.Axis.laneid


@T.function(private=True)
def square(x: T.float32) -> T.float32:
    return x * x


@T.function
def clscope(A: T.Tensor((4, 2, 32, 2, 1), "float32"),
            B: T.Tensor((4, 2, 32, 2, 1), "float32"),
            Q: T.Tensor((4, 2, 32, 2, 1), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=64, cluster=2))
    c = T.cuda.block_idx("x") // 2
    lay = T.TileLayout(T.S[(2, 2, 32, 2, 1):(1 @ CB, 1 @ WARP, 1 @ LANE, 1, 1)])
    r = T.alloc_local((2, 2, 32, 2, 1), "float32", layout=lay)
    s = T.alloc_local((2, 2, 32, 2, 1), "float32", layout=lay)
    T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A[c * 2:c * 2 + 2, :, :, :, :], scope="cluster")
    T.cuda.tile.apply(T.ptx["add.rn.f32"], s, r, r, scope="cluster")
    T.cuda.tile.apply(T.ptx["fma.rn.f32"], s, s, r, T.float32(0.5), scope="cluster")
    T.cuda.tile.apply(T.ptx["st.global.f32"], B[c * 2:c * 2 + 2, :, :, :, :], s, scope="cluster")
    T.cuda.tile.ewise(square, s, s, scope="cluster")
    T.cuda.tile.apply(T.ptx["st.global.f32"], Q[c * 2:c * 2 + 2, :, :, :, :], s, scope="cluster")


def main():
    A = np.random.default_rng(3).standard_normal((4, 2, 32, 2, 1)).astype(np.float32)
    s = A + A
    B = (s.astype(np.float64) * A + 0.5).astype(np.float32)
    return ({"A": A, "B": np.zeros_like(A), "Q": np.zeros_like(A)},
            {"B": B, "Q": B * B})
