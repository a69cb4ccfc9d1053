"""stmatrix .x4 .trans as a warp tile op over a repeat axis of 2: each lane
holds 8 b32 words (two x4 register images, 16 bf16 pairs), stored
transposed into a (2, 4, 8, 4)-word shared view of a 32 x 32 bf16 tile
(matrix m at rows 8 m of the repeat's 8-word column block), then copied
out by every lane (the rest of the tile stays zero)."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def stm_trans(R: T.Tensor((32, 8), "uint32"), O: T.Tensor((32, 16), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    S = T.alloc_shared((32, 16), "uint32", layout="default", align=16)
    rb = T.alloc_local((8,), "uint32")
    for w in T.unroll(16):
        S[lane, w] = T.uint32(0)
    T.cuda.cta_sync()
    for i in T.unroll(8):
        rb[i] = R[lane, i]
    rv = T.decl_tensor(rb.data, ty_args=[T.Tensor((2, 4, 8, 4), "uint32", scope="local",
                       layout=T.TileLayout(T.S[(2, 4, 8, 4):(4, 1, 4 @ LANE, 1 @ LANE)]))])
    sv = T.decl_tensor(S.data, ty_args=[T.Tensor((2, 4, 8, 4), "uint32", scope="shared",
                       layout=T.TileLayout(T.S[(2, 4, 8, 4):(4, 128, 16, 1)]))])
    T.cuda.tile.apply(T.ptx.stmatrix.sync.aligned.m8n8.x4.trans.shared.b16, sv, rv, scope="warp")
    T.cuda.cta_sync()
    for w in T.unroll(16):
        O[lane, w] = S[lane, w]


def main():
    rng = np.random.default_rng(23)
    R = rng.integers(0, 2**32, (32, 8), dtype=np.uint64).astype(np.uint32)
    O = np.zeros((32, 32), np.uint16)
    # register image (rep, m, row, word) lives in lane 4*row+word, register 4*rep+m;
    # .trans: image element (row, 2*word + h) -> shared element (2*word + h, row) of the matrix.
    for rep in range(2):
        for m in range(4):
            for row in range(8):
                for word in range(4):
                    v = int(R[4 * row + word, 4 * rep + m])
                    for h in range(2):
                        half = (v >> (16 * h)) & 0xFFFF
                        O[8 * m + 2 * word + h, 8 * rep + row] = half
    return {"R": R, "O": np.zeros((32, 16), np.uint32)}, {"O": O.view(np.uint32)}
