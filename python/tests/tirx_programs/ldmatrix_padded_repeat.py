"""ldmatrix .x4 and .x4.trans through tile.apply from a bank-conflict-padded
shared tile: a (16, 32) half matrix (as b32 words) stored with 20-word rows
(80 bytes), viewed as TIRx's (repeat, matrix, row, word) = (2, 4, 8, 4)
words with the matrix axis split over two strides (matrix 2i+j: rows 8i..,
cols 8j..) by T.S[(2, 2, 2, 8, 4):(8, 160, 4, 20, 1)]; two repeats (the
16-column halves)."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def ldp(A: T.Tensor((16, 16), "uint32"), R: T.Tensor((32, 8), "uint32"), Q: T.Tensor((32, 8), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    S = T.alloc_shared((16, 20), "uint32")
    for j in T.unroll(8):
        S[lane // 2, (lane % 2) * 8 + j] = A[lane // 2, (lane % 2) * 8 + j]
    T.cuda.cta_sync()
    V = T.decl_tensor(S.data, ty_args=[T.Tensor((2, 4, 8, 4), "uint32", scope="shared", layout=T.TileLayout(
        T.S[(2, 2, 2, 8, 4):(8, 160, 4, 20, 1)]))])
    rbuf = T.alloc_local((8,), "uint32")
    qbuf = T.alloc_local((8,), "uint32")
    img = T.TileLayout(T.S[(2, 4, 8, 4):(4, 1, 4 @ LANE, 1 @ LANE)])
    r = T.decl_tensor(rbuf.data, ty_args=[T.Tensor((2, 4, 8, 4), "uint32", scope="local", layout=img)])
    q = T.decl_tensor(qbuf.data, ty_args=[T.Tensor((2, 4, 8, 4), "uint32", scope="local", layout=img)])
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16, r, V, scope="warp")
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16, q, V, scope="warp")
    for i in T.unroll(8):
        R[lane, i] = rbuf[i]
        Q[lane, i] = qbuf[i]


def main():
    rng = np.random.default_rng(4020)
    H = rng.standard_normal((16, 32)).astype(np.float16)
    A = H.view(np.uint32).copy()
    h = H.view(np.uint16)
    R = np.zeros((32, 8), np.uint32); Q = np.zeros((32, 8), np.uint32)
    for rep in range(2):
        for m in range(4):
            i, j = m // 2, m % 2
            mat = h[8 * i:8 * i + 8, 16 * rep + 8 * j:16 * rep + 8 * j + 8]
            for l in range(32):
                row, c = l // 4, 2 * (l % 4)
                R[l, 4 * rep + m] = int(mat[row, c]) | int(mat[row, c + 1]) << 16
                Q[l, 4 * rep + m] = int(mat[c, row]) | int(mat[c + 1, row]) << 16
    return {"A": A, "R": np.zeros_like(R), "Q": np.zeros_like(Q)}, {"R": R, "Q": Q}
