"""A cluster gather onto the leader CTA through a REMOTE mbarrier (grid 8,
cluster=4, block 32): the leader (rank 0) inits its mbarrier with count
4*32 and publishes it with fence.mbarrier_init.release.cluster plus a
cluster barrier; every thread of every CTA stores one value into the
leader's shared table (mapa + st.shared::cluster.u32) and arrives on the
leader's mbarrier with mbarrier.arrive.release.cluster.shared::cluster.b64
(mapa'd barrier address, state sunk to _); the leader waits with
T.cuda.mbarrier_wait_acquire_cluster(bar, 0) and writes the table and
per-slot sums to global."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
C = 4
G = 8


@T.function
def rmbar(A: T.Tensor((G, N), "uint32"), B: T.Tensor((G // C, C, N), "uint32"),
          S: T.Tensor((G // C, N), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=G, block=N, cluster=C))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    tab = T.alloc_shared((C, N), "uint32")
    rank = T.cuda.mov_sreg(32, "cluster_ctarank")
    if rank == 0:
        if t == 0:
            T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(C * N))
            T.ptx.fence.mbarrier_init.release.cluster()
    T.ptx.barrier.cluster.arrive.release.aligned()
    T.ptx.barrier.cluster.wait.acquire.aligned()
    slot = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(slot, T.cuda.cvta_generic_to_shared(tab.ptr_to([rank, t])), T.uint32(0))
    T.ptx.st.shared__cluster.u32(slot, A[b, t] + T.cast(rank, "uint32"))
    rbar = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(rbar, T.cuda.cvta_generic_to_shared(bar.ptr_to([0])), T.uint32(0))
    T.ptx.mbarrier.arrive.release.cluster.shared__cluster.b64(rbar)
    if rank == 0:
        T.cuda.mbarrier_wait_acquire_cluster(bar.ptr_to([0]), 0)
        acc = T.local_scalar("uint32", T.uint32(0))
        for r in T.serial(C):
            B[b // C, r, t] = tab[r, t]
            acc = acc + tab[r, t]
        S[b // C, t] = acc


def main():
    A = np.random.default_rng(73).integers(0, 2**32, (G, N), dtype=np.uint64).astype(np.uint32)
    B = np.zeros((G // C, C, N), np.uint32)
    S = np.zeros((G // C, N), np.uint32)
    for c in range(G // C):
        for r in range(C):
            B[c, r] = A[c * C + r] + np.uint32(r)
        S[c] = B[c].astype(np.uint64).sum(axis=0).astype(np.uint32)
    return ({"A": A, "B": np.zeros_like(B), "S": np.zeros_like(S)}, {"B": B, "S": S})
