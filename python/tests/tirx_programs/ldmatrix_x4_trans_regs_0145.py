"""ldmatrix .x4 tile op whose destination registers are not affine in the
matrix index (matrix m = 2 j + r lands in register 4 j + r: 0, 1, 4, 5, as
when two mma B fragments of different N blocks are interleaved). TIRx
emits ldmatrix(buf[0], buf[1], buf[4], buf[5], ...); tile-mlir loads a
gathered copy and writes it back."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def k(A: T.Tensor((4, 8, 4), "uint32"), O: T.Tensor((32, 8), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    S = T.alloc_shared((4, 8, 4), "uint32", layout=T.TileLayout(T.S[(4, 8, 4):(32, 4, 1)]))
    for m in range(4):
        S[m, lane // 4, lane % 4] = A[m, lane // 4, lane % 4]
    T.cuda.cta_sync()
    buf = T.alloc_local((8,), "uint32")
    for i in range(8):
        buf[i] = T.uint32(0)
    r = T.decl_tensor(buf.data, ty_args=[T.Tensor((4, 8, 4), "uint32", scope="local",
                      layout=T.TileLayout(T.S[(2, 2, 8, 4):(4, 1, 4 @ LANE, 1 @ LANE)]))])
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16, r, S, scope="warp")
    for i in range(8):
        O[lane, i] = buf[i]


def main():
    A = np.random.default_rng(3).integers(0, 2**32, (4, 8, 4), dtype=np.uint64).astype(np.uint32)
    O = np.zeros((32, 8), np.uint32)
    for l in range(32):
        for m in range(4):
            O[l, 4 * (m // 2) + m % 2] = A[m, l // 4, l % 4]
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
