"""mma.sync m16n8k8 f16 into f32 over 2 x 2 x 2 repeats (M, N, K) in
TIRx's register images: K accumulates (the first K step reads C, the next
one D), A and B are shared across N and M."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def frag_mma_f16_repeats(A: T.Tensor((32, 8), "uint32"),
                         B: T.Tensor((32, 4), "uint32"),
                         C: T.Tensor((32, 16), "float32"),
                         D: T.Tensor((32, 16), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    abuf = T.alloc_local((8,), "uint32")
    bbuf = T.alloc_local((4,), "uint32")
    cbuf = T.alloc_local((16,), "float32")
    dbuf = T.alloc_local((16,), "float32")
    for i in T.unroll(8):
        abuf[i] = A[lane, i]
    for i in T.unroll(4):
        bbuf[i] = B[lane, i]
    for i in T.unroll(16):
        cbuf[i] = C[lane, i]
    a = T.decl_tensor(abuf.data, ty_args=[T.Tensor(
        (2, 2, 16, 4), "uint32", scope="local", layout=T.TileLayout(
            T.S[(2, 2, 2, 8, 4):(4, 2, 1, 4 @ LANE, 1 @ LANE)]))])
    b = T.decl_tensor(bbuf.data, ty_args=[T.Tensor(
        (2, 2, 8, 4), "uint32", scope="local", layout=T.TileLayout(
            T.S[(2, 2, 8, 4):(2, 1, 4 @ LANE, 1 @ LANE)]))])
    frag = T.TileLayout(T.S[(2, 2, 2, 8, 4, 2):(8, 4, 2, 4 @ LANE, 1 @ LANE,
                                                  1)])
    c = T.decl_tensor(cbuf.data, ty_args=[T.Tensor(
        (2, 2, 16, 8), "float32", scope="local", layout=frag)])
    d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor(
        (2, 2, 16, 8), "float32", scope="local", layout=frag)])
    T.cuda.tile.apply(T.ptx.mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32,
                      d, a, b, c, scope="warp")
    for i in T.unroll(16):
        D[lane, i] = dbuf[i]


def f16(x):
    return np.asarray(x, np.float16).view(np.uint16).astype(np.uint32)


def main():
    rng = np.random.default_rng(11)
    Am = rng.integers(-8, 9, (32, 16)).astype(np.float32)  # M x K
    Bm = rng.integers(-8, 9, (16, 16)).astype(np.float32)  # K x N
    Cm = rng.integers(-64, 65, (32, 16)).astype(np.float32)
    A = np.zeros((32, 8), np.uint32)
    B = np.zeros((32, 4), np.uint32)
    C = np.zeros((32, 16), np.float32)
    D = np.zeros((32, 16), np.float32)
    ref = Am @ Bm + Cm
    for l in range(32):
        for m in range(2):
            for k in range(2):
                for r in range(2):
                    row = 16 * m + l // 4 + 8 * r
                    col = 8 * k + 2 * (l % 4)
                    A[l, 4 * m + 2 * k + r] = (f16(Am[row, col]) |
                                               f16(Am[row, col + 1]) << 16)
        for n in range(2):
            for k in range(2):
                kk, nn = 8 * k + 2 * (l % 4), 8 * n + l // 4
                B[l, 2 * n + k] = f16(Bm[kk, nn]) | f16(Bm[kk + 1, nn]) << 16
        for m in range(2):
            for n in range(2):
                for r in range(4):
                    row = 16 * m + l // 4 + 8 * (r // 2)
                    col = 8 * n + 2 * (l % 4) + r % 2
                    C[l, 8 * m + 4 * n + r] = Cm[row, col]
                    D[l, 8 * m + 4 * n + r] = ref[row, col]
    return {"A": A, "B": B, "C": C, "D": np.zeros_like(D)}, {"D": D}
