"""Warpgroup-scope register tiles in a 256-thread block (two warpgroups),
bound by T.S[(4, 32, 2, 1):(1@wid_in_wg, 1@laneid, 1, 1)]: each warpgroup
loads its own half of A (a region of a (2, 4, 32, 2, 1) view starting at
the warpgroup index), computes fma.rn.f32 with a per-warpgroup scalar and
max.f32, and stores to the other warpgroup's half of B."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
WIG = T.cuda.Axis.wid_in_wg


@T.function
def twg(A: T.Tensor((256, 2), "float32"), S: T.Tensor((2,), "float32"), B: T.Tensor((256, 2), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256))
    wg = T.cuda.warpgroup_id()
    A5 = T.decl_tensor(A.data, ty_args=[T.Tensor((8, 32, 2, 1), "float32")])
    B5 = T.decl_tensor(B.data, ty_args=[T.Tensor((8, 32, 2, 1), "float32")])
    r = T.alloc_local((4, 32, 2, 1), "float32", layout=T.TileLayout(
        T.S[(4, 32, 2, 1):(1 @ WIG, 1 @ LANE, 1, 1)]))
    s = S[wg]
    T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A5[wg * 4:wg * 4 + 4, :, :, :], scope="warpgroup")
    T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, s, T.float32(0.25), scope="warpgroup")
    T.cuda.tile.apply(T.ptx["max.f32"], r, r, T.float32(-3), scope="warpgroup")
    T.cuda.tile.apply(T.ptx["st.global.f32"], B5[4 - wg * 4:8 - wg * 4, :, :, :], r, scope="warpgroup")


def main():
    rng = np.random.default_rng(4017)
    A = (rng.integers(-64, 64, (256, 2)) / 4).astype(np.float32)
    S = np.array([0.5, -1.5], np.float32)
    R = np.zeros_like(A)
    for g in range(2):
        v = A[g * 128:(g + 1) * 128] * S[g] + np.float32(0.25)
        R[(1 - g) * 128:(2 - g) * 128] = np.maximum(v, np.float32(-3))
    return {"A": A, "S": S, "B": np.zeros_like(A)}, {"B": R.astype(np.float32)}
