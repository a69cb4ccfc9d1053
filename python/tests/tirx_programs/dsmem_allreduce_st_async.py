"""Cluster-wide all-reduce over distributed shared memory, as split-K /
cluster LayerNorm kernels do it: 4 CTAs per cluster each reduce their
slice (row sums in f32, sums of squares in f64, a u64 count), keep their
own partial in slot [rank] and push it into slot [rank] of each of the 3
peers with st.async...mbarrier::complete_tx::bytes — .v4.f32, .v2.f64 and
scalar .u64 forms — addressed by mapa; each CTA's mbarrier is armed with
expect_tx for the 3 peers' bytes. Every CTA then sums the four slots in
rank order (so all CTAs of a cluster agree bit for bit)."""
from tvm_tirx.script import tirx as T
import numpy as np

G, CL, NT, L = 8, 4, 64, 16
TX = 3 * (NT * 4 + NT * 8 + 8)


@T.function
def allreduce(X: T.Tensor((G, NT, L), "float32"), S: T.Tensor((G, NT), "float32"),
              Q: T.Tensor((G, NT), "float64"), C: T.Tensor((G,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=G, block=NT, cluster=CL))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    rank = T.cuda.cluster_cta_id("x")
    bar = T.alloc_shared((1,), "uint64")
    s32 = T.alloc_shared((CL, NT), "float32", align=16)
    s64 = T.alloc_shared((CL, NT), "float64", align=16)
    cnt = T.alloc_shared((CL,), "uint64", align=16)
    nzs = T.alloc_shared((NT,), "uint32")
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.ptx.barrier.cluster.arrive.release.aligned()
    T.ptx.barrier.cluster.wait.acquire.aligned()
    if t == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32(TX))
    a = T.local_scalar("float32", T.float32(0))
    q = T.local_scalar("float64", T.float64(0))
    nz = T.local_scalar("uint32", T.uint32(0))
    for j in T.serial(L):
        x = X[b, t, j]
        a = a + x
        q = q + T.cast(x, "float64") * T.cast(x, "float64")
        if x != T.float32(0):
            nz = nz + T.uint32(1)
    s32[rank, t] = a
    s64[rank, t] = q
    nzs[t] = nz
    T.cuda.cta_sync()
    if t == 0:
        tot = T.local_scalar("uint64", T.uint64(0))
        for j in T.serial(NT):
            tot = tot + T.cast(nzs[j], "uint64")
        cnt[rank] = tot
    T.cuda.cta_sync()
    for p in T.unroll(1, CL):
        peer = T.cast((rank + p) % CL, "uint32")
        rbar = T.local_scalar("uint32")
        T.ptx.mapa.shared__cluster.u32(rbar, T.cuda.cvta_generic_to_shared(bar.ptr_to([0])), peer)
        dst = T.local_scalar("uint32")
        if t < 16:
            T.ptx.mapa.shared__cluster.u32(dst, T.cuda.cvta_generic_to_shared(s32.ptr_to([rank, 4 * t])), peer)
            T.ptx.st_async.shared__cluster.mbarrier__complete_tx__bytes.v4.f32(
                dst, s32[rank, 4 * t], s32[rank, 4 * t + 1], s32[rank, 4 * t + 2], s32[rank, 4 * t + 3], rbar)
        elif t < 48:
            u = t - 16
            T.ptx.mapa.shared__cluster.u32(dst, T.cuda.cvta_generic_to_shared(s64.ptr_to([rank, 2 * u])), peer)
            T.ptx.st_async.shared__cluster.mbarrier__complete_tx__bytes.v2.f64(
                dst, s64[rank, 2 * u], s64[rank, 2 * u + 1], rbar)
        elif t == 48:
            T.ptx.mapa.shared__cluster.u32(dst, T.cuda.cvta_generic_to_shared(cnt.ptr_to([rank])), peer)
            T.ptx.st_async.shared__cluster.mbarrier__complete_tx__bytes.u64(dst, cnt[rank], rbar)
    T.cuda.mbarrier_wait_acquire_cluster(bar.ptr_to([0]), 0)
    r32 = T.local_scalar("float32", T.float32(0))
    r64 = T.local_scalar("float64", T.float64(0))
    for r in T.serial(CL):
        r32 = r32 + s32[r, t]
        r64 = r64 + s64[r, t]
    S[b, t] = r32
    Q[b, t] = r64
    if t == 0:
        C[b] = cnt[0] + cnt[1] + cnt[2] + cnt[3]
    T.ptx.barrier.cluster.arrive.release.aligned()
    T.ptx.barrier.cluster.wait.acquire.aligned()


def main():
    rng = np.random.default_rng(814)
    X = (rng.standard_normal((G, NT, L)) * (rng.random((G, NT, L)) > 0.3)).astype(np.float32)
    part = np.zeros((G, NT), np.float32)
    pq = np.zeros((G, NT), np.float64)
    for g in range(G):
        for t in range(NT):
            a = np.float32(0); q = 0.0
            for j in range(L):
                a = np.float32(a + X[g, t, j]); q = q + float(X[g, t, j]) * float(X[g, t, j])
            part[g, t] = a; pq[g, t] = q
    S = np.zeros((G, NT), np.float32); Q = np.zeros((G, NT), np.float64); C = np.zeros(G, np.uint64)
    for g in range(G):
        c0 = (g // CL) * CL
        for t in range(NT):
            a = np.float32(0); q = 0.0
            for r in range(CL):
                a = np.float32(a + part[c0 + r, t]); q = q + pq[c0 + r, t]
            S[g, t] = a; Q[g, t] = q
        C[g] = (X[c0:c0 + CL] != 0).sum()
    return ({"X": X, "S": np.zeros_like(S), "Q": np.zeros_like(Q), "C": np.zeros_like(C)},
            {"S": S, "Q": Q, "C": C})
