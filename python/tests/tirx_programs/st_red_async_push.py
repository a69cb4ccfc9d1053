"""st.async and red.async into the peer CTA of a cluster of 2 (grid 4,
block 32): each CTA inits its mbarrier with count 1 and arms it for the
bytes its peer will send (mbarrier.arrive.expect_tx); after a cluster
barrier every thread maps the peer's slot and barrier (mapa), stores a
word there with st.async...mbarrier::complete_tx::bytes.u32 and adds into
the peer's counters with red.async.relaxed.cluster...add.u32; each CTA
waits on its own mbarrier for the bytes and writes what arrived."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def push(A: T.Tensor((4, N), "uint32"), B: T.Tensor((4, N), "uint32"),
         C: T.Tensor((4, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=N, cluster=2))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    S = T.alloc_shared((N,), "uint32")
    R = T.alloc_shared((4,), "uint32")
    if t < 4:
        R[t] = T.uint32(t)
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.ptx.barrier.cluster.arrive.release.aligned()
    T.ptx.barrier.cluster.wait.acquire.aligned()
    if t == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(N * 4 + N * 4))
    T.ptx.barrier.cluster.arrive.release.aligned()
    T.ptx.barrier.cluster.wait.acquire.aligned()
    peer = T.cast(T.cuda.cluster_cta_id("x") ^ 1, "uint32")
    dst = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(dst, T.cuda.cvta_generic_to_shared(S.ptr_to([t])), peer)
    rbar = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(rbar, T.cuda.cvta_generic_to_shared(bar.ptr_to([0])), peer)
    T.ptx.st_async.shared__cluster.mbarrier__complete_tx__bytes.u32(dst, A[b, t], rbar)
    cnt = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(cnt, T.cuda.cvta_generic_to_shared(R.ptr_to([t % 4])), peer)
    T.ptx.red_async.relaxed.cluster.shared__cluster.mbarrier__complete_tx__bytes.add.u32(cnt, A[b, t], rbar)
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    B[b, t] = S[t]
    if t < 4:
        C[b, t] = R[t]
    T.ptx.barrier.cluster.arrive.release.aligned()
    T.ptx.barrier.cluster.wait.acquire.aligned()


def main():
    A = np.random.default_rng(81).integers(0, 2**32, (4, N), dtype=np.uint64).astype(np.uint32)
    B = A[[1, 0, 3, 2]]
    C = np.zeros((4, 4), np.uint32)
    for b in range(4):
        for r in range(4):
            C[b, r] = (np.uint64(r) + B[b, r::4].astype(np.uint64).sum()) % 2**32
    return ({"A": A, "B": np.zeros_like(A), "C": np.zeros_like(C)}, {"B": B, "C": C})
