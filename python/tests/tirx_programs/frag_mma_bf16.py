"""mma.sync m16n8k16 bf16 into f32 over TIRx's register images: the
fragments' layouts put the lane inside the atom."""
from tvm_tirx.script import tirx as T
import numpy as np

LANE = T.cuda.Axis.laneid


@T.function
def frag_mma_bf16(A: T.Tensor((32, 4), "uint32"),
                  B: T.Tensor((32, 2), "uint32"),
                  D: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    abuf = T.alloc_local((4,), "uint32")
    bbuf = T.alloc_local((2,), "uint32")
    dbuf = T.alloc_local((4,), "float32")
    for i in T.unroll(4):
        abuf[i] = A[lane, i]
    for i in T.unroll(2):
        bbuf[i] = B[lane, i]
    a = T.decl_tensor(abuf.data, ty_args=[T.Tensor(
        (1, 1, 16, 8), "uint32", scope="local", layout=T.TileLayout(
            T.S[(1, 1, 2, 8, 2, 4):(0, 0, 1, 4 @ LANE, 2, 1 @ LANE)]))])
    b = T.decl_tensor(bbuf.data, ty_args=[T.Tensor(
        (1, 1, 8, 8), "uint32", scope="local", layout=T.TileLayout(
            T.S[(1, 1, 8, 2, 4):(0, 0, 4 @ LANE, 1, 1 @ LANE)]))])
    d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor(
        (1, 1, 16, 8), "float32", scope="local", layout=T.TileLayout(
            T.S[(1, 1, 2, 8, 4, 2):(0, 0, 2, 4 @ LANE, 1 @ LANE, 1)]))])
    T.cuda.tile.apply(T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32,
                      d, a, b, T.float32(0), scope="warp")
    for i in T.unroll(4):
        D[lane, i] = dbuf[i]


def bf16(x):
    return np.asarray(x, np.float32).view(np.uint32) >> 16


def main():
    rng = np.random.default_rng(7)
    Am = rng.integers(-8, 9, (16, 16)).astype(np.float32)
    Bm = rng.integers(-8, 9, (16, 8)).astype(np.float32)  # K x N
    A = np.zeros((32, 4), np.uint32)
    B = np.zeros((32, 2), np.uint32)
    for l in range(32):
        for r in range(4):
            row, w = l // 4 + 8 * (r % 2), l % 4 + 4 * (r // 2)
            A[l, r] = bf16(Am[row, 2 * w]) | bf16(Am[row, 2 * w + 1]) << 16
        for r in range(2):
            n, w = l // 4, l % 4 + 4 * r
            B[l, r] = bf16(Bm[2 * w, n]) | bf16(Bm[2 * w + 1, n]) << 16
    ref = Am @ Bm
    D = np.zeros((32, 4), np.float32)
    for l in range(32):
        for r in range(4):
            D[l, r] = ref[l // 4 + 8 * (r // 2), 2 * (l % 4) + r % 2]
    return {"A": A, "B": B, "D": np.zeros_like(D)}, {"D": D}
