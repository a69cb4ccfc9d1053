"""A warp's load through a view whose lane axis splits over two strides
(row 16 i + j at 4 i + 8 j words), and a guarded half warp through a
second such view (lanes 16-31: row 8 i + j)."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def split_lane_view(A: T.Tensor((32, 4), "float32"),
                    B: T.Tensor((32, 4), "float32"),
                    C: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    v = T.decl_tensor(A.data, ty_args=[T.Tensor((32, 4), "float32",
                      layout=T.TileLayout(T.S[(2, 16, 4):(4, 8, 1)]))])
    h = T.decl_tensor(A.data, ty_args=[T.Tensor((16, 4), "float32",
                      layout=T.TileLayout(T.S[(2, 8, 4):(4, 8, 1)]))])
    r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, v, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B, r, scope="warp")
    if lane >= 16:
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r[16:32], h,
                          scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.v4.b32"], C[16:32, :], r[16:32],
                          scope="warp")


def main():
    A = np.random.default_rng(23).standard_normal((32, 4)).astype(np.float32)
    flat = A.reshape(-1)
    B = np.zeros_like(A)
    C = np.zeros_like(A)
    for row in range(32):
        off = 4 * (row // 16) + 8 * (row % 16)
        B[row] = flat[off:off + 4]
    for row in range(16, 32):
        c = row - 16
        off = 4 * (c // 8) + 8 * (c % 8)
        C[row] = flat[off:off + 4]
    return {"A": A, "B": np.zeros_like(B), "C": np.zeros_like(C)}, \
        {"B": B, "C": C}
