"""mma.sync m16n8k16 bf16 -> f32 as a cta-scope tile op for 4 warps, each
warp's fragment tiles bound by 1@warpid, with a batch axis of 2 and
(M, N, K) = (1, 2, 2) repeats: a tensor accumulator C (per-warp, per-batch
bias), A shared by both N blocks, results written from the D image."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid
WARP = T.cuda.Axis.warpid


@T.function
def mma_batch(A: T.Tensor((128, 16), "uint32"), B: T.Tensor((128, 16), "uint32"),
              C: T.Tensor((128, 16), "float32"), D: T.Tensor((128, 16), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    abuf = T.alloc_local((16,), "uint32")
    bbuf = T.alloc_local((16,), "uint32")
    cbuf = T.alloc_local((16,), "float32")
    dbuf = T.alloc_local((16,), "float32")
    for i in T.unroll(16):
        abuf[i] = A[t, i]
        cbuf[i] = C[t, i]
        bbuf[i] = B[t, i]
    # A image (warp, batch, M, K, 16, 8): reg = 8 b + 4 k + 2 (word // 4) + row // 8
    a = T.decl_tensor(abuf.data, ty_args=[T.Tensor((4, 2, 1, 2, 16, 8), "uint32", scope="local",
                      layout=T.TileLayout(T.S[(4, 2, 1, 2, 2, 8, 2, 4):(1 @ WARP, 8, 0, 4, 1, 4 @ LANE, 2, 1 @ LANE)]))])
    # B image (warp, batch, N, K, 8, 8): reg = 8 b + 4 n + 2 k + word // 4
    b = T.decl_tensor(bbuf.data, ty_args=[T.Tensor((4, 2, 2, 2, 8, 8), "uint32", scope="local",
                      layout=T.TileLayout(T.S[(4, 2, 2, 2, 8, 2, 4):(1 @ WARP, 8, 4, 2, 4 @ LANE, 1, 1 @ LANE)]))])
    frag = T.TileLayout(T.S[(4, 2, 1, 2, 2, 8, 4, 2):(1 @ WARP, 8, 0, 4, 2, 4 @ LANE, 1 @ LANE, 1)])
    c = T.decl_tensor(cbuf.data, ty_args=[T.Tensor((4, 2, 1, 2, 16, 8), "float32", scope="local", layout=frag)])
    d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor((4, 2, 1, 2, 16, 8), "float32", scope="local", layout=frag)])
    T.cuda.tile.apply(T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32,
                      d, a, b, c, scope="cta")
    for i in T.unroll(16):
        D[t, i] = dbuf[i]


def bf(x):
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint32)


def main():
    rng = np.random.default_rng(29)
    A = np.zeros((128, 16), np.uint32)
    B = np.zeros((128, 16), np.uint32)
    C = np.zeros((128, 16), np.float32)
    D = np.zeros((128, 16), np.float32)
    for w in range(4):
        for bt in range(2):
            Am = rng.integers(-8, 9, (16, 32)).astype(np.float32)  # M x K (K = 2 x 16)
            Bm = rng.integers(-8, 9, (32, 16)).astype(np.float32)  # K x N (N = 2 x 8)
            Cm = rng.integers(-100, 100, (16, 16)).astype(np.float32)
            ref = Am @ Bm + Cm
            for l in range(32):
                t = 32 * w + l
                for k in range(2):
                    for reg in range(4):
                        row = l // 4 + 8 * (reg % 2)
                        col = 16 * k + 2 * (l % 4 + 4 * (reg // 2))
                        A[t, 8 * bt + 4 * k + reg] = bf(Am[row, col]) | bf(Am[row, col + 1]) << 16
                for n in range(2):
                    for k in range(2):
                        for r in range(2):
                            kk = 16 * k + 2 * (l % 4 + 4 * r)
                            nn = 8 * n + l // 4
                            B[t, 8 * bt + 4 * n + 2 * k + r] = bf(Bm[kk, nn]) | bf(Bm[kk + 1, nn]) << 16
                for n in range(2):
                    for reg in range(4):
                        row = l // 4 + 8 * (reg // 2)
                        col = 8 * n + 2 * (l % 4) + reg % 2
                        C[t, 8 * bt + 4 * n + reg] = Cm[row, col]
                        D[t, 8 * bt + 4 * n + reg] = ref[row, col]
    return {"A": A, "B": B, "C": C, "D": np.zeros_like(D)}, {"D": D}
