"""Distributed shared memory through generic addresses, in clusters of 2
(grid 4): each CTA fills its shared buffer; after T.cuda.cluster_sync each
thread maps the neighbour CTA's element with the generic mapa.u64 (of the
element's pointer, and of the same pointer as a raw uint64), reads it with
a generic ld.b32 through the mapped register, asks getctarank.u64 whose
shared memory that is, and stores into the neighbour's second buffer with
a generic st.u32 through a mapped register; a second cluster_sync makes the
stores visible (and keeps the neighbour's shared memory alive)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def mapa_generic(A: T.Tensor((4, N), "uint32"), B: T.Tensor((4, N), "uint32"),
                 C: T.Tensor((4, N), "uint32"), R: T.Tensor((4, N), "uint32"),
                 W: T.Tensor((4, N), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=N, cluster=2))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    S = T.alloc_shared((N,), "uint32")
    S2 = T.alloc_shared((N,), "uint32")
    S[t] = A[b, t]
    T.cuda.cluster_sync()
    peer = T.cast(T.cuda.cluster_cta_id("x") ^ 1, "uint32")
    remote = T.local_scalar("uint64")
    T.ptx.mapa.u64(remote, S.ptr_to([(t + 1) % N]), peer)
    v = T.local_scalar("uint32")
    T.ptx.ld.b32(v, remote)
    B[b, t] = v
    gen = T.local_scalar("uint64")
    gen = T.reinterpret(S.ptr_to([(t + 7) % N]), ty="uint64")
    remote2 = T.local_scalar("uint64")
    T.ptx.mapa.u64(remote2, gen, peer)
    w = T.local_scalar("uint32")
    T.ptx.ld.u32(w, remote2)
    C[b, t] = w
    r = T.local_scalar("uint32")
    T.ptx.getctarank.u64(r, remote2)
    R[b, t] = r
    remote3 = T.local_scalar("uint64")
    T.ptx.mapa.u64(remote3, S2.ptr_to([t]), peer)
    T.ptx.st.u32(remote3, v * 3 + w)
    T.cuda.cluster_sync()
    W[b, t] = S2[t]


def main():
    A = np.random.default_rng(72).integers(0, 2**32, (4, N), dtype=np.uint64).astype(np.uint32)
    B = np.zeros_like(A)
    C = np.zeros_like(A)
    for b in range(4):
        B[b] = np.roll(A[b ^ 1], -1)
        C[b] = np.roll(A[b ^ 1], -7)
    R = np.array([[1], [0], [1], [0]], np.uint32) * np.ones((1, N), np.uint32)
    W = np.zeros_like(A)
    for b in range(4):
        W[b] = ((B[b ^ 1].astype(np.uint64) * 3 + C[b ^ 1]) % 2**32).astype(np.uint32)
    z = np.zeros_like(A)
    return ({"A": A, "B": z.copy(), "C": z.copy(), "R": z.copy(), "W": z.copy()},
            {"B": B, "C": C, "R": R, "W": W})
