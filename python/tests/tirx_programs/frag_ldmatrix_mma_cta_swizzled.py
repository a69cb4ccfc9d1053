"""Two warps at cta scope, each loading its own A (ldmatrix .x4) and B
(ldmatrix .x2) fragments from XOR-swizzled shared memory (16-byte chunks,
T.ComposeLayout(2, 2, 3, ...) of 32-bit words) into registers that
mma.sync m16n8k16 bf16 then reads through another view of the same
registers. Each lane's row address is swizzled."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
WARP = T.cuda.Axis.warpid


@T.function
def frag_ldmatrix_mma_cta_swizzled(A: T.Tensor((2, 4, 8, 4), "uint32"),
                          B: T.Tensor((2, 2, 8, 4), "uint32"),
                          D: T.Tensor((64, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tid = T.cuda.thread_idx("x")
    lane = T.cuda.lane_id()
    warp = T.cuda.warp_id()
    SA = T.alloc_shared((2, 4, 8, 4), "uint32", layout=T.ComposeLayout(
        2, 2, 3, T.TileLayout(T.S[(2, 4, 8, 4):(128, 32, 4, 1)])))
    SB = T.alloc_shared((2, 2, 8, 4), "uint32", layout=T.ComposeLayout(
        2, 2, 3, T.TileLayout(T.S[(2, 2, 8, 4):(64, 32, 4, 1)])))
    for i in T.unroll(4):
        SA[warp, i, lane // 4, lane % 4] = A[warp, i, lane // 4, lane % 4]
    for i in T.unroll(2):
        SB[warp, i, lane // 4, lane % 4] = B[warp, i, lane // 4, lane % 4]
    T.cuda.cta_sync()
    abuf = T.alloc_local((4,), "uint32")
    bbuf = T.alloc_local((2,), "uint32")
    dbuf = T.alloc_local((4,), "float32")
    ra = T.decl_tensor(abuf.data, ty_args=[T.Tensor(
        (2, 4, 8, 4), "uint32", scope="local", layout=T.TileLayout(
            T.S[(2, 4, 8, 4):(1 @ WARP, 1, 4 @ LANE, 1 @ LANE)]))])
    rb = T.decl_tensor(bbuf.data, ty_args=[T.Tensor(
        (2, 2, 8, 4), "uint32", scope="local", layout=T.TileLayout(
            T.S[(2, 2, 8, 4):(1 @ WARP, 1, 4 @ LANE, 1 @ LANE)]))])
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16,
                      ra, SA, scope="cta")
    T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x2.shared.b16,
                      rb, SB, scope="cta")
    a = T.decl_tensor(abuf.data, ty_args=[T.Tensor(
        (2, 1, 1, 16, 8), "uint32", scope="local", layout=T.TileLayout(
            T.S[(2, 1, 1, 2, 8, 2, 4):(1 @ WARP, 0, 0, 1, 4 @ LANE, 2,
                                       1 @ LANE)]))])
    b = T.decl_tensor(bbuf.data, ty_args=[T.Tensor(
        (2, 1, 1, 8, 8), "uint32", scope="local", layout=T.TileLayout(
            T.S[(2, 1, 1, 8, 2, 4):(1 @ WARP, 0, 0, 4 @ LANE, 1,
                                    1 @ LANE)]))])
    d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor(
        (2, 1, 1, 16, 8), "float32", scope="local", layout=T.TileLayout(
            T.S[(2, 1, 1, 2, 8, 4, 2):(1 @ WARP, 0, 0, 2, 4 @ LANE,
                                       1 @ LANE, 1)]))])
    T.cuda.tile.apply(T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32,
                      d, a, b, T.float32(0), scope="cta")
    for i in T.unroll(4):
        D[tid, i] = dbuf[i]


def bf16(x):
    return np.asarray(x, np.float32).view(np.uint32) >> 16


def main():
    rng = np.random.default_rng(13)
    A = np.zeros((2, 4, 8, 4), np.uint32)
    B = np.zeros((2, 2, 8, 4), np.uint32)
    D = np.zeros((64, 4), np.float32)
    for w in range(2):
        Am = rng.integers(-8, 9, (16, 16)).astype(np.float32)  # M x K
        Bm = rng.integers(-8, 9, (16, 8)).astype(np.float32)   # K x N
        for m in range(4):  # Matrix m: rows 8 (m % 2).., columns 8 (m // 2)..
            for r in range(8):
                for w4 in range(4):
                    row, col = 8 * (m % 2) + r, 8 * (m // 2) + 2 * w4
                    A[w, m, r, w4] = (bf16(Am[row, col]) |
                                      bf16(Am[row, col + 1]) << 16)
        for m in range(2):  # Matrix m: B's columns as rows, K 8 m..
            for n in range(8):
                for w4 in range(4):
                    k = 8 * m + 2 * w4
                    B[w, m, n, w4] = bf16(Bm[k, n]) | bf16(Bm[k + 1, n]) << 16
        ref = Am @ Bm
        for l in range(32):
            for r in range(4):
                D[32 * w + l, r] = ref[l // 4 + 8 * (r // 2),
                                       2 * (l % 4) + r % 2]
    return {"A": A, "B": B, "D": np.zeros_like(D)}, {"D": D}
