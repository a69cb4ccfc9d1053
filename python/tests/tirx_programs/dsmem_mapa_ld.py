"""Distributed shared memory in a cluster of 2 (grid 4, cluster=2): each CTA
fills its shared buffer, T.cuda.cluster_sync (barrier.cluster.arrive/wait
.aligned), maps the neighbour CTA's copy of the buffer with
mapa.shared::cluster.u32 (on a cvta_generic_to_shared address, target rank =
cluster_cta_id ^ 1), reads it with ld.shared::cluster.u32 and a second
cluster_sync keeps the neighbour's shared memory alive until every read is
done."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def dsmem(A: T.Tensor((4, N), "uint32"), B: T.Tensor((4, N), "uint32"),
          R: T.Tensor((4,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=N, cluster=2))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    S = T.alloc_shared((N,), "uint32")
    S[t] = A[b, t]
    T.cuda.cluster_sync()
    peer = T.cast(T.cuda.cluster_cta_id("x") ^ 1, "uint32")
    local = T.cuda.cvta_generic_to_shared(S.ptr_to([(t + 1) % N]))
    remote = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(remote, local, peer)
    v = T.local_scalar("uint32")
    T.ptx.ld.shared__cluster.u32(v, remote)
    B[b, t] = v
    if t == 0:
        R[b] = T.cuda.cluster_cta_id("x")
    T.cuda.cluster_sync()


def main():
    A = np.random.default_rng(71).integers(0, 2**32, (4, N), dtype=np.uint64).astype(np.uint32)
    B = np.zeros_like(A)
    for b in range(4):
        B[b] = np.roll(A[b ^ 1], -1)
    return ({"A": A, "B": np.zeros_like(A), "R": np.zeros(4, np.int32)},
            {"B": B, "R": np.array([0, 1, 0, 1], np.int32)})
