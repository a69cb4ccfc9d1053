"""TIRx's TMA pattern, tile mode: `T.cuda.tile.apply` of
cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
over a region A[8:72, :] of an 80 x 64 float32 tensor (the host encodes the
tensor map from the region: its start, extents and strides), boxes of
16 x 32 at block coordinates, with an mbarrier's transaction count. The
last column of boxes reaches past the region (coordinates 48..63 of 64
columns are inside; the grid's extra block row starts at row 64, outside
the region's 64 rows, so its box arrives as zeros). Each block writes
2 * box + its block index."""
from tvm_tirx.script import tirx as T
import numpy as np

R, K = 80, 64
BM, BK = 16, 32
GM, GK = 5, 2


@T.function
def tma_load(A: T.Tensor((R, K), "float32"), B: T.Tensor((GM * BM, K), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=GM * GK, block=128))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((BM, BK), "float32", layout=T.TileLayout(T.S[(BM, BK):(BK, 1)]), align=128)
    bm = b // GK
    bk = b % GK
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(BM * BK * 4))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            S[:, :], A[8:72, :], box=(BM, BK), coords=(bm * BM, bk * BK), mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    for i in range(BM * BK // 128):
        e = i * 128 + t
        B[bm * BM + e // BK, bk * BK + e % BK] = S[e // BK, e % BK] * 2.0 + T.cast(b, "float32")


def main():
    A = np.random.default_rng(11).standard_normal((R, K)).astype(np.float32)
    region = np.zeros((GM * BM, K), np.float32)
    region[:64] = A[8:72]
    block = (np.arange(GM * BM)[:, None] // BM) * GK + np.arange(K)[None, :] // BK
    B = region * 2 + block.astype(np.float32)
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
