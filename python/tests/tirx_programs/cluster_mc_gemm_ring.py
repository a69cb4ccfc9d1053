"""CUTLASS's 2x1-cluster Hopper GEMM mainloop: the B tile (64 x 64 f16,
K-major, 128B swizzle) is shared by the two CTAs of a cluster, each CTA
loading one 32-row half and multicasting it (cta_mask 0b11) into both CTAs'
stage buffers; A is loaded per CTA. A 2-stage ring over K = 256: full[s]
armed with expect_tx for the whole stage (its own A box + both B halves),
empty[s] initialised to 2 arrivals, one local and one remote (mapa +
mbarrier.arrive.release.cluster.shared::cluster) from each CTA's consumer,
because the peer's multicast writes into this CTA's stage. wgmma
m64n64k16 f32.f16.f16, fp32 out."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 256, 64, 256
BM, BN, BK = 64, 64, 64
ST = 2
KT = K // BK
TX = (BM + BN) * BK * 2


@T.function
def mc_gemm(A: T.Tensor((M, K), "float16"), B: T.Tensor((N, K), "float16"),
            C: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=M // BM, block=128, cluster=2))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    r = T.cuda.cluster_cta_id("x")
    full = T.alloc_shared((ST,), "uint64")
    empty = T.alloc_shared((ST,), "uint64")
    SA = T.alloc_shared((ST * BM, BK), "float16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(ST * BM, BK):(BK, 1)])), align=1024)
    SB = T.alloc_shared((ST * BN, BK), "float16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(ST * BN, BK):(BK, 1)])), align=1024)
    acc = T.alloc_local((32,), "float32")
    da = T.alloc_local((1,), "uint64")
    db = T.alloc_local((1,), "uint64")
    rb = T.local_scalar("uint32")
    if t == 0:
        for s in T.unroll(ST):
            T.ptx.mbarrier.init.shared.b64(full.ptr_to([s]), T.uint32(1))
            T.ptx.mbarrier.init.shared.b64(empty.ptr_to([s]), T.uint32(2))
        T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cluster_sync()
    if t == 0:
        for k in T.unroll(ST):
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(full.ptr_to([k]), T.uint32(TX))
            T.cuda.tile.apply(
                T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                SA[k * BM:(k + 1) * BM, :], A[:, :], box=(BM, BK), coords=(b * BM, k * BK),
                swizzle=3, mbar=full.ptr_to([k]))
            for h in T.unroll(2):
                if r == h:
                    T.cuda.tile.apply(
                        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"],
                        SB[k * BN + h * 32:k * BN + h * 32 + 32, :], B[:, :], box=(32, BK), coords=(h * 32, k * BK),
                        swizzle=3, mbar=full.ptr_to([k]), cta_mask=T.uint16(3))
    for i in T.unroll(32):
        acc[i] = T.float32(0)
    SAf = T.decl_tensor(SA.data, ty_args=[T.Tensor((ST * BM * BK,), "float16", scope="shared", layout="default")])
    SBf = T.decl_tensor(SB.data, ty_args=[T.Tensor((ST * BN * BK,), "float16", scope="shared", layout="default")])
    for k in T.serial(KT):
        s = k % ST
        ph = (k // ST) % 2
        T.cuda.mbarrier_wait(full.ptr_to([s]), ph)
        T.ptx.wgmma.fence.sync.aligned()
        for kk in T.unroll(BK // 16):
            T.cuda.wgmma_encode_matrix_descriptor(T.address_of(da[0]), SAf.ptr_to([s * BM * BK + kk * 16]), 1, 64, 3)
            T.cuda.wgmma_encode_matrix_descriptor(T.address_of(db[0]), SBf.ptr_to([s * BN * BK + kk * 16]), 1, 64, 3)
            T.ptx.wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16(
                acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
                acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15],
                acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23],
                acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31],
                da[0], db[0], T.bool(True), 1, 1, 0, 0)
        T.ptx.wgmma.commit_group.sync.aligned()
        T.ptx.wgmma.wait_group.sync.aligned(0)
        T.cuda.cta_sync()
        if t == 0:
            T.ptx.mbarrier.arrive.shared.b64(empty.ptr_to([s]))
            T.ptx.mapa.shared__cluster.u32(rb, T.cuda.cvta_generic_to_shared(empty.ptr_to([s])), T.uint32(1) - T.cast(r, "uint32"))
            T.ptx.mbarrier.arrive.release.cluster.shared__cluster.b64(rb)
            if k + ST < KT:
                T.cuda.mbarrier_wait(empty.ptr_to([s]), ph)
                T.ptx.mbarrier.arrive.expect_tx.shared.b64(full.ptr_to([s]), T.uint32(TX))
                T.cuda.tile.apply(
                    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                    SA[s * BM:(s + 1) * BM, :], A[:, :], box=(BM, BK), coords=(b * BM, (k + ST) * BK),
                    swizzle=3, mbar=full.ptr_to([s]))
                for h in T.unroll(2):
                    if r == h:
                        T.cuda.tile.apply(
                            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"],
                            SB[s * BN + h * 32:s * BN + h * 32 + 32, :], B[:, :], box=(32, BK), coords=(h * 32, (k + ST) * BK),
                            swizzle=3, mbar=full.ptr_to([s]), cta_mask=T.uint16(3))
    w = t // 32
    l = t % 32
    for i in T.unroll(32):
        C[b * BM + 16 * w + l // 4 + 8 * ((i // 2) % 2), 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[i]
    T.cuda.cluster_sync()


def main():
    rng = np.random.default_rng(804)
    A = rng.integers(-3, 4, (M, K)).astype(np.float16)
    B = rng.integers(-3, 4, (N, K)).astype(np.float16)
    C = (A.astype(np.float64) @ B.astype(np.float64).T).astype(np.float32)
    return {"A": A, "B": B, "C": np.zeros((M, N), np.float32)}, {"C": C}
