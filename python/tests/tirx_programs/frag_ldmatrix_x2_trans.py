"""ldmatrix .x2 .trans into TIRx's register image: the image is each
shared matrix transposed, two adjacent halves of it a word."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def frag_ldmatrix_x2_trans(A: T.Tensor((2, 8, 4), "uint32"),
                           R: T.Tensor((32, 2), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    S = T.alloc_shared((2, 8, 4), "uint32", layout=T.TileLayout(
        T.S[(2, 8, 4):(32, 4, 1)]))
    for i in T.unroll(2):
        S[i, lane // 4, lane % 4] = A[i, lane // 4, lane % 4]
    T.cuda.cta_sync()
    rbuf = T.alloc_local((2,), "uint32")
    r = T.decl_tensor(rbuf.data, ty_args=[T.Tensor(
        (2, 8, 4), "uint32", scope="local", layout=T.TileLayout(
            T.S[(2, 8, 4):(1, 4 @ LANE, 1 @ LANE)]))])
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16,
                      r, S, scope="warp")
    for i in T.unroll(2):
        R[lane, i] = rbuf[i]


def main():
    rng = np.random.default_rng(3)
    A = rng.integers(0, 2**32, (2, 8, 4), dtype=np.uint64).astype(np.uint32)
    halves = A.view(np.uint16).reshape(2, 8, 8)
    R = np.zeros((32, 2), np.uint32)
    for l in range(32):
        for m in range(2):
            c, r = 2 * (l % 4), l // 4
            R[l, m] = (int(halves[m, c, r]) |
                       int(halves[m, c + 1, r]) << 16)
    return {"A": A, "R": np.zeros_like(R)}, {"R": R}
