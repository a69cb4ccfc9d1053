"""TIRx's TMA pattern in 3 dimensions with the 64-byte swizzle: boxes of
2 x 8 x 16 uint32 (64-byte rows) from a 4 x 24 x 16 tensor into a
T.ComposeLayout(2, 2, 3, ...) buffer; block b loads the box at (2 * (b % 2),
8 * (b // 2), 0), so the third row of boxes (rows 16..23) is inside and the
grid's fourth (rows 24..31) is out of bounds and arrives as zeros. Each
thread writes its elements' values plus its block index."""
from tvm_tirx.script import tirx as T
import numpy as np

D, H, W = 4, 24, 16
BD, BH = 2, 8
G = 8


@T.function
def tma3(A: T.Tensor((D, H, W), "uint32"), B: T.Tensor((G, BD, BH, W), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=G, block=64))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((BD, BH, W), "uint32", layout=T.ComposeLayout(
        2, 2, 3, T.TileLayout(T.S[(BD, BH, W):(BH * W, W, 1)])), align=512)
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(BD * BH * W * 4))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            S[:, :, :], A[:, :, :], box=(BD, BH, W), coords=((b % 2) * BD, (b // 2) * BH, 0),
            mbar=bar.ptr_to([0]), swizzle=2)
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    for i in range(BD * BH * W // 64):
        e = i * 64 + t
        B[b, e // (BH * W), (e // W) % BH, e % W] = S[e // (BH * W), (e // W) % BH, e % W] + T.cast(b, "uint32")


def main():
    A = np.random.default_rng(13).integers(0, 2**32 - 16, (D, H, W), dtype=np.uint32)
    B = np.zeros((G, BD, BH, W), np.uint32)
    for b in range(G):
        d0, h0 = (b % 2) * BD, (b // 2) * BH
        box = np.zeros((BD, BH, W), np.uint32)
        part = A[d0:d0 + BD, h0:h0 + BH]
        box[:part.shape[0], :part.shape[1]] = part
        B[b] = box + np.uint32(b)
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
