"""TIRx's TMA pattern with the 128-byte swizzle: float16 boxes of 16 rows of
128 bytes load into a T.ComposeLayout(3, 3, 3, ...) buffer (the swizzled box
image the copy writes), with the NaN out-of-bounds fill (oob_fill=1: 0x7ff7, as the GPU
writes it) past the 40 rows of A; the threads read the box back through the layout into B,
and one thread stores the box into C with
cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group (a second map,
over all of C), then commit_group and wait_group."""
from tvm_tirx.script import tirx as T
import numpy as np

M, K = 40, 64
BM, BK = 16, 64
G = 3


@T.function
def tma_swz(A: T.Tensor((M, K), "float16"), B: T.Tensor((G * BM, K), "float16"),
            C: T.Tensor((G * BM, K), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=G, block=128))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((BM, BK), "float16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(BM, BK):(BK, 1)])), align=1024)
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(BM * BK * 2))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            S[:, :], A[:, :], box=(BM, BK), coords=(b * BM, 0), mbar=bar.ptr_to([0]),
            swizzle=3, oob_fill=1)
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    for i in range(BM * BK // 128):
        e = i * 128 + t
        B[b * BM + e // BK, e % BK] = S[e // BK, e % BK]
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if t == 0:
        T.cuda.tile.apply(T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"],
                          C[:, :], S[:, :], box=(BM, BK), coords=(b * BM, 0), swizzle=3)
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)


def main():
    A = np.random.default_rng(12).standard_normal((M, K)).astype(np.float16)
    # The NaN fill is 0x7ff7 in every 16 bits (measured on the H200).
    want = np.full((G * BM, K), 0x7FF7, np.uint16).view(np.float16)
    want[:M] = A
    return ({"A": A, "B": np.zeros_like(want), "C": np.full_like(want, 7)},
            {"B": want, "C": want})
