"""TIRx's TMA pattern with the 32-byte swizzle (swizzle=1) over two repeat
axes: one tile.apply loads a 2 x 2 grid of (8, 8) float32 boxes (32-byte
rows) into S[(2, 2, 8, 8)] laid out as T.ComposeLayout(2, 1, 3, ...), with
coord_steps ((8, 0), (0, 8)); the block starts at rows 4 * b, so block 3's
lower boxes reach past the tensor's 24 rows (zero fill). Threads read the
swizzled buffer back through its layout."""
from tvm_tirx.script import tirx as T
import numpy as np

R, C = 24, 16


@T.function
def tma_swz32(A: T.Tensor((R, C), "float32"), B: T.Tensor((4, 16, 16), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=128))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((2, 2, 8, 8), "float32", layout=T.ComposeLayout(
        2, 1, 3, T.TileLayout(T.S[(2, 2, 8, 8):(128, 64, 8, 1)])), align=256)
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(4 * 64 * 4))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            S[:, :, :, :], A[:, :], box=(8, 8), coords=(b * 4, 0), coord_steps=((8, 0), (0, 8)),
            swizzle=1, mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    for i in T.unroll(2):
        e = i * 128 + t
        r = e // 16
        c = e % 16
        B[b, r, c] = S[r // 8, c // 8, r % 8, c % 8]


def main():
    A = np.random.default_rng(47).standard_normal((R, C)).astype(np.float32)
    P = np.zeros((R + 16, C), np.float32)
    P[:R] = A
    B = np.stack([P[4 * b:4 * b + 16] for b in range(4)])
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
