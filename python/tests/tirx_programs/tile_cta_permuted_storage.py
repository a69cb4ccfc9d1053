"""A cta-scope register tile whose layout binds lanes before warps and
stores its (2, 3) repeats column-major (T.S[(32, 4, 2, 3, 1):(1@laneid,
1@warpid, 1, 2, 1)]), permuted to (warp, lane, ...) for ld.global.f32 and
mul.f32; each thread then reads its own registers through a flat
T.decl_tensor of the tile's storage (element (i, j) at i + 2 j) and writes
them out in storage order."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
WARP = T.cuda.Axis.warpid


@T.function
def tcp(A: T.Tensor((4, 32, 2, 3), "float32"), O: T.Tensor((128, 6), "float32"),
        P: T.Tensor((4, 32, 2, 3), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    A5 = T.decl_tensor(A.data, ty_args=[T.Tensor((4, 32, 2, 3, 1), "float32")])
    P5 = T.decl_tensor(P.data, ty_args=[T.Tensor((4, 32, 2, 3, 1), "float32")])
    r = T.alloc_local((32, 4, 2, 3, 1), "float32", layout=T.TileLayout(
        T.S[(32, 4, 2, 3, 1):(1 @ LANE, 1 @ WARP, 1, 2, 1)]))
    rp = r.permute(1, 0, 2, 3, 4)
    T.cuda.tile.apply(T.ptx["ld.global.f32"], rp, A5, scope="cta")
    T.cuda.tile.apply(T.ptx["mul.f32"], rp, rp, T.float32(-2), scope="cta")
    T.cuda.tile.apply(T.ptx["st.global.f32"], P5, rp, scope="cta")
    flat = T.decl_tensor(r.data, ty_args=[T.Tensor((6,), "float32", scope="local")])
    for k in T.unroll(6):
        O[t, k] = flat[k]


def main():
    rng = np.random.default_rng(4016)
    A = (rng.integers(-1000, 1000, (4, 32, 2, 3)) / 8).astype(np.float32)
    R = (A * np.float32(-2)).astype(np.float32)
    O = np.zeros((128, 6), np.float32)
    for w in range(4):
        for l in range(32):
            for i in range(2):
                for j in range(3):
                    O[w * 32 + l, i + 2 * j] = R[w, l, i, j]
    return {"A": A, "O": np.zeros_like(O), "P": np.zeros_like(A)}, {"O": O, "P": R}
