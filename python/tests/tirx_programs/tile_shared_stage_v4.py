"""Staging through shared memory with tile ops: st.shared.v4.b32 from a
lane-bound register tile into a (32, 4) shared tile, cta_sync, then
ld.shared.v4.b32 back through a view that reverses the rows
(T.S[(32, 4):(-4?)] is not allowed, so a row-permuted view: lane l reads row
(l + 1) % 32 via S[(2, 16, 4)...]) and st.global.v4.b32."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def tile_smem(A: T.Tensor((32, 4), "int32"), B: T.Tensor((32, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    S = T.alloc_shared((32, 4), "int32", layout="default")
    r = T.alloc_local((32, 4), "int32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, A, scope="warp")
    T.cuda.tile.apply(T.ptx["st.shared.v4.b32"], S, r, scope="warp")
    T.cuda.cta_sync()
    # Rows interleaved: row 2 i + j of the view is row 16 j + i of S.
    Sv = T.decl_tensor(S.data, ty_args=[T.Tensor((32, 4), "int32", scope="shared",
                       layout=T.TileLayout(T.S[(16, 2, 4):(4, 64, 1)]))])
    T.cuda.tile.apply(T.ptx["ld.shared.v4.b32"], r, Sv, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B, r, scope="warp")


def main():
    A = np.arange(128, dtype=np.int32).reshape(32, 4) * 3 - 50
    B = np.zeros_like(A)
    for row in range(32):
        i, j = row // 2, row % 2
        B[row] = A[16 * j + i]
    return {"A": A, "B": np.zeros_like(A)}, {"B": B}
