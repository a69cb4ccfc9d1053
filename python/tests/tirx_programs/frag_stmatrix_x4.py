"""stmatrix .x4 from TIRx's register image (count, row, word) into shared
memory, then out to global memory."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def frag_stmatrix_x4(R: T.Tensor((32, 4), "uint32"),
                     A: T.Tensor((4, 8, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    rbuf = T.alloc_local((4,), "uint32")
    for i in T.unroll(4):
        rbuf[i] = R[lane, i]
    S = T.alloc_shared((4, 8, 4), "uint32", layout=T.TileLayout(
        T.S[(4, 8, 4):(32, 4, 1)]))
    r = T.decl_tensor(rbuf.data, ty_args=[T.Tensor(
        (4, 8, 4), "uint32", scope="local", layout=T.TileLayout(
            T.S[(4, 8, 4):(1, 4 @ LANE, 1 @ LANE)]))])
    T.cuda.tile.apply(T.ptx.stmatrix.sync.aligned.m8n8.x4.shared.b16,
                      S, r, scope="warp")
    T.cuda.cta_sync()
    for i in T.unroll(4):
        A[i, lane // 4, lane % 4] = S[i, lane // 4, lane % 4]


def main():
    rng = np.random.default_rng(5)
    R = rng.integers(0, 2**32, (32, 4), dtype=np.uint64).astype(np.uint32)
    A = np.zeros((4, 8, 4), np.uint32)
    for l in range(32):
        for m in range(4):
            A[m, l // 4, l % 4] = R[l, m]
    return {"R": R, "A": np.zeros_like(A)}, {"A": A}
