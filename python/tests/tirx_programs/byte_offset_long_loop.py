"""A run-time byte offset (k * 512, k the index of a 65-trip T.serial, a loop in the kernel) into a uint8 global tensor viewed as float32 rows: ld.global.v4.f32 at each."""
from tvm_tirx.script import tirx as T
import numpy as np
from tvm_tirx.ir import PtrType

LANE = T.cuda.Axis.laneid
NC = 65


@T.function
def p_tilek(A: T.Tensor((NC * 512,), "uint8"), O: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    acc = T.alloc_local((32, 4, 1), "float32", layout=T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 1, 1)]))
    r = T.alloc_local((32, 1, 4), "float32", layout=T.TileLayout(T.S[(32, 1, 4):(1 @ LANE, 4, 1)]))
    r1 = T.decl_tensor(r.data, ty_args=[T.Tensor((32, 4, 1), "float32", scope="local",
                       layout=T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 1, 1)]))])
    T.cuda.tile.apply(T.ptx["mov.b32"], acc, T.float32(0), scope="warp")
    for k in T.serial(NC):
        A3 = T.decl_tensor(T.ptr_byte_offset(A.data, k * 512, ty=PtrType("float32", "global")), ty_args=[T.Tensor((32, 1, 4), "float32")])
        T.cuda.tile.apply(T.ptx["ld.global.v4.f32"], r, A3, scope="warp")
        T.cuda.tile.apply(T.ptx["fma.rn.f32"], acc, acc, T.float32(0.5), r1, scope="warp")
    O3 = T.decl_tensor(O.data, ty_args=[T.Tensor((32, 4, 1), "float32")])
    T.cuda.tile.apply(T.ptx["st.global.f32"], O3, acc, scope="warp")


def main():
    rng = np.random.default_rng(3)
    A = (rng.standard_normal((NC, 32, 4))).astype(np.float32)
    acc = np.zeros((32, 4), np.float32)
    for k in range(NC):
        acc = (acc.astype(np.float64) * 0.5 + A[k].astype(np.float64)).astype(np.float32)
    return {"A": A.view(np.uint8).reshape(-1), "O": np.zeros((32, 4), np.float32)}, {"O": acc}
