"""TIRx's TMA pattern with multicast in clusters of 2 (grid 4, block 64):
each CTA inits its mbarrier and arms it for one 8 x 32 float32 box; after a
cluster barrier, rank 0 of each cluster issues one
cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
with cta_mask 0b11, which writes the box (rows 8 * cluster id) into both
CTAs' buffers and completes both barriers. Each CTA writes what arrived
plus its rank."""
from tvm_tirx.script import tirx as T
import numpy as np

G, C = 4, 2
BM, BK = 8, 32


@T.function
def tma_mc(A: T.Tensor((16, 32), "float32"), B: T.Tensor((G, BM, BK), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=G, block=64, cluster=C))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((BM, BK), "float32", layout=T.TileLayout(T.S[(BM, BK):(BK, 1)]), align=128)
    rank = T.cuda.cluster_cta_id("x")
    cid = T.cuda.cluster_id("x")
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cluster_sync()
    if t == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(BM * BK * 4))
        if rank == 0:
            T.cuda.tile.apply(
                T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"],
                S[:, :], A[:, :], box=(BM, BK), coords=(cid * BM, 0), mbar=bar.ptr_to([0]),
                cta_mask=T.uint16(3))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    for i in range(BM * BK // 64):
        e = i * 64 + t
        B[b, e // BK, e % BK] = S[e // BK, e % BK] + T.cast(rank, "float32")
    T.cuda.cluster_sync()


def main():
    A = np.random.default_rng(21).standard_normal((16, 32)).astype(np.float32)
    B = np.zeros((G, BM, BK), np.float32)
    for b in range(G):
        B[b] = A[(b // C) * BM:(b // C + 1) * BM] + np.float32(b % C)
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
