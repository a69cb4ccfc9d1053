"""Integer register tile ops at warp scope on (32, 4, 1) lane-bound tiles:
ld.global.s32 / ld.global.u32, mul.lo.u32 (wraps), add.sat.s32 (clamps),
min.s32, max.u32 (unsigned compare of negative bit patterns), sub.s32,
st.global.s32 / st.global.u32."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
L = T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 1, 1)])


@T.function
def reg_int(A: T.Tensor((32, 4), "int32"), U: T.Tensor((32, 4), "uint32"),
            B: T.Tensor((32, 4), "int32"), V: T.Tensor((32, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    A3 = T.decl_tensor(A.data, ty_args=[T.Tensor((32, 4, 1), "int32")])
    U3 = T.decl_tensor(U.data, ty_args=[T.Tensor((32, 4, 1), "uint32")])
    B3 = T.decl_tensor(B.data, ty_args=[T.Tensor((32, 4, 1), "int32")])
    V3 = T.decl_tensor(V.data, ty_args=[T.Tensor((32, 4, 1), "uint32")])
    a = T.alloc_local((32, 4, 1), "int32", layout=L)
    s = T.alloc_local((32, 4, 1), "int32", layout=L)
    u = T.alloc_local((32, 4, 1), "uint32", layout=L)
    T.cuda.tile.apply(T.ptx["ld.global.s32"], a, A3, scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.u32"], u, U3, scope="warp")
    T.cuda.tile.apply(T.ptx["mul.lo.u32"], u, u, T.uint32(2654435761), scope="warp")
    T.cuda.tile.apply(T.ptx["max.u32"], u, u, T.uint32(0x80000000), scope="warp")
    T.cuda.tile.apply(T.ptx["add.sat.s32"], s, a, a, scope="warp")
    T.cuda.tile.apply(T.ptx["min.s32"], s, s, T.int32(1 << 30), scope="warp")
    T.cuda.tile.apply(T.ptx["sub.s32"], s, s, a, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.s32"], B3, s, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.u32"], V3, u, scope="warp")


def main():
    rng = np.random.default_rng(7)
    A = rng.integers(-2**31, 2**31, (32, 4), dtype=np.int64).astype(np.int32)
    A[0, :] = [2**31 - 1, -2**31, 2**30, -2**30]
    U = rng.integers(0, 2**32, (32, 4), dtype=np.uint64).astype(np.uint32)
    s = np.clip(A.astype(np.int64) * 2, -2**31, 2**31 - 1)
    s = np.minimum(s, 1 << 30)
    B = ((s - A.astype(np.int64) + 2**31) % 2**32 - 2**31).astype(np.int32)
    u = (U.astype(np.uint64) * 2654435761) % 2**32
    V = np.maximum(u, 0x80000000).astype(np.uint32)
    return {"A": A, "U": U, "B": np.zeros_like(A), "V": np.zeros_like(U)}, {"B": B, "V": V}
