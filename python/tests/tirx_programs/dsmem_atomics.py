"""Atomics on the leader CTA's shared memory in clusters of 2 (grid 4):
a histogram through mapa.shared::cluster.u32 + red.shared::cluster.add.u32,
a maximum through atom.shared::cluster.max.s32, and
getctarank.shared::cluster.u32 of the mapped address (0, the leader's)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64
G = 4


@T.function
def dsatom(A: T.Tensor((G, N), "int32"), H: T.Tensor((G // 2, 16), "uint32"),
           M: T.Tensor((G // 2,), "int32"), K: T.Tensor((G, N), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=G, block=N, cluster=2))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    hist = T.alloc_shared((16,), "uint32")
    mx = T.alloc_shared((1,), "int32")
    rank = T.cuda.cluster_cta_id("x")
    if rank == 0:
        if t < 16:
            hist[t] = T.uint32(0)
        if t == 0:
            mx[0] = -2147483647
    T.cuda.cluster_sync()
    v = A[b, t]
    bin_ = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(bin_, T.cuda.cvta_generic_to_shared(hist.ptr_to([v & 15])), T.uint32(0))
    T.ptx.red.shared__cluster.add.u32(bin_, T.uint32(1))
    m = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(m, T.cuda.cvta_generic_to_shared(mx.ptr_to([0])), T.uint32(0))
    old = T.local_scalar("int32")
    T.ptx.atom.shared__cluster.max.s32(old, m, v)
    r = T.local_scalar("uint32")
    T.ptx.getctarank.shared__cluster.u32(r, bin_)
    K[b, t] = r
    T.cuda.cluster_sync()
    if rank == 0:
        if t < 16:
            H[b // 2, t] = hist[t]
        if t == 0:
            M[b // 2] = mx[0]
    T.cuda.cluster_sync()


def main():
    A = np.random.default_rng(74).integers(-5000, 5000, (G, N)).astype(np.int32)
    H = np.zeros((G // 2, 16), np.uint32)
    M = np.zeros(G // 2, np.int32)
    for c in range(G // 2):
        vals = np.concatenate([A[2 * c], A[2 * c + 1]])
        for v in vals:
            H[c, int(v) & 15] += 1
        M[c] = vals.max()
    K = np.zeros((G, N), np.uint32)
    return ({"A": A, "H": np.zeros_like(H), "M": np.zeros_like(M),
             "K": np.ones_like(K)}, {"H": H, "M": M, "K": K})
