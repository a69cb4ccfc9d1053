"""A uint32 shared tile written through a float16 view of its
.data (T.decl_tensor), then read by an ldmatrix warp tile op through a
(matrix, row, word) uint32 view."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def k(A: T.Tensor((8, 8), "float16"), R: T.Tensor((32,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    SA = T.alloc_shared((8, 4), "uint32", align=128)
    SAh = T.decl_tensor(SA.data, ty_args=[T.Tensor((8, 8), "float16", scope="shared")])
    for r in T.unroll(2):
        SAh[4 * r + lane // 8, lane % 8] = A[4 * r + lane // 8, lane % 8]
    T.cuda.cta_sync()
    abuf = T.alloc_local((1,), "uint32")
    sa = T.decl_tensor(SA.data, ty_args=[T.Tensor((1, 8, 4), "uint32", scope="shared",
                       layout=T.TileLayout(T.S[(1, 8, 4):(32, 4, 1)]))])
    la = T.decl_tensor(abuf.data, ty_args=[T.Tensor((1, 8, 4), "uint32", scope="local",
                       layout=T.TileLayout(T.S[(1, 8, 4):(1, 4 @ LANE, 1 @ LANE)]))])
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x1.shared.b16, la, sa, scope="warp")
    R[lane] = abuf[0]


def main():
    A = np.random.default_rng(8).standard_normal((8, 8)).astype(np.float16)
    return {"A": A, "R": np.zeros(32, np.uint32)}, {"R": A.view(np.uint32).reshape(32).copy()}
