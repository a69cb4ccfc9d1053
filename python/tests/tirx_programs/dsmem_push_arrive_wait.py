"""Push-style DSMEM in clusters of 4 (grid 8, cluster=4, block 32): each CTA
stores its data into the NEXT rank's shared buffer with st.shared::cluster.s32
(address from mapa.shared::cluster.u32 on the local cvta address), then the
split cluster barrier T.ptx.barrier.cluster.arrive.release.aligned() /
T.ptx.barrier.cluster.wait.acquire.aligned() publishes the stores; every CTA
then reads its own buffer (written by the previous rank) with plain shared
loads. A leading arrive.relaxed/wait pair makes sure every CTA has started
before remote stores land; a trailing pair keeps shared memory alive."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
G = 8
C = 4


@T.function
def push(A: T.Tensor((G, N), "int32"), B: T.Tensor((G, N), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=G, block=N, cluster=C))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    S = T.alloc_shared((N,), "int32")
    T.ptx.barrier.cluster.arrive.relaxed.aligned()
    T.ptx.barrier.cluster.wait.aligned()
    rank = T.cuda.mov_sreg(32, "cluster_ctarank")
    nxt = T.cast((rank + 1) % C, "uint32")
    remote = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(remote, T.cuda.cvta_generic_to_shared(S.ptr_to([t])), nxt)
    T.ptx.st.shared__cluster.s32(remote, A[b, t] * 3 + rank)
    T.ptx.barrier.cluster.arrive.release.aligned()
    T.ptx.barrier.cluster.wait.acquire.aligned()
    B[b, t] = S[N - 1 - t]
    T.ptx.barrier.cluster.arrive.aligned()
    T.ptx.barrier.cluster.wait.aligned()


def main():
    A = np.random.default_rng(72).integers(-1000, 1000, (G, N)).astype(np.int32)
    B = np.zeros_like(A)
    for b in range(G):
        src = (b // C) * C + (b % C - 1) % C
        B[b] = (A[src] * 3 + src % C)[::-1]
    return {"A": A, "B": np.zeros_like(A)}, {"B": B}
