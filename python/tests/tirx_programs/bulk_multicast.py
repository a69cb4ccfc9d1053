"""TMA-style bulk copies in clusters of 4 (grid 8, cluster=4, block 64):
every CTA inits an mbarrier (count 1), fence.mbarrier_init.release.cluster,
cluster barrier, then arms it with mbarrier.arrive.expect_tx.shared.b64 for
256 bytes. Rank 0 issues ONE cp.async.bulk.shared::cluster.global.mbarrier::
complete_tx::bytes.multicast::cluster with ctaMask 0b0101, which lands the
same 256-byte row in ranks 0 and 2 (same CTA-relative smem offset and
mbarrier); ranks 1 and 3 each issue a plain (non-multicast) cp.async.bulk
.shared::cluster.global of another row into their own smem. Each CTA waits
on its own mbarrier (T.cuda.mbarrier_wait, phase 0) and writes what arrived."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64
G = 8
C = 4


@T.function
def mcast(A: T.Tensor((G // C, 2, N), "uint32"), B: T.Tensor((G, N), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=G, block=N, cluster=C))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((N,), "uint32")
    rank = T.cuda.mov_sreg(32, "cluster_ctarank")
    cid = T.cuda.cluster_id("x")
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.ptx.barrier.cluster.arrive.release.aligned()
    T.ptx.barrier.cluster.wait.acquire.aligned()
    if t == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(N * 4))
        if rank == 0:
            T.ptx.cp.async_.bulk.shared__cluster.global_.mbarrier__complete_tx__bytes.multicast__cluster(
                S.ptr_to([0]), A.ptr_to([cid, 0, 0]), T.uint32(N * 4), bar.ptr_to([0]),
                T.uint16(0b0101))
        if rank % 2 == 1:
            T.ptx.cp.async_.bulk.shared__cluster.global_.mbarrier__complete_tx__bytes(
                S.ptr_to([0]), A.ptr_to([cid, 1, 0]), T.uint32(N * 4), bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    B[b, t] = S[t] + T.cast(rank, "uint32")
    T.ptx.barrier.cluster.arrive.aligned()
    T.ptx.barrier.cluster.wait.aligned()


def main():
    A = np.random.default_rng(75).integers(0, 2**31, (G // C, 2, N)).astype(np.uint32)
    B = np.zeros((G, N), np.uint32)
    for b in range(G):
        c, r = b // C, b % C
        B[b] = A[c, r % 2] + np.uint32(r)
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
