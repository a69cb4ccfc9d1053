"""A Hopper mainloop with a two-stage TMA ring: bf16 A (64 x 256) and B^T
(64 x 256), both K-major with the 128-byte swizzle, k-tiles of 64 landing
in stage s = kt % 2 of (128, 64) shared buffers (regions SA[s*64:s*64+64,
:] at a runtime stage), one mbarrier per stage waited with parity
(kt // 2) % 2, four wgmma m64n64k16 f32.bf16.bf16 k-steps per tile, and
thread 0 refilling a stage with tile kt + 2 after the warpgroup has
drained it. Small integers: exact."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 64, 64, 256
KT = 64


@T.function
def ring(A: T.Tensor((M, K), "bfloat16"), B: T.Tensor((N, K), "bfloat16"), D: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    bar = T.alloc_shared((2,), "uint64")
    SA = T.alloc_shared((2 * M, KT), "bfloat16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(2 * M, KT):(KT, 1)])), align=1024)
    SB = T.alloc_shared((2 * N, KT), "bfloat16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(2 * N, KT):(KT, 1)])), align=1024)
    acc = T.alloc_local((32,), "float32")
    da = T.alloc_local((1,), "uint64")
    db = T.alloc_local((1,), "uint64")
    for i in T.unroll(32):
        acc[i] = T.float32(0)
    if t == 0:
        for s in T.unroll(2):
            T.ptx.mbarrier.init.shared.b64(bar.ptr_to([s]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        for s in T.unroll(2):
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([s]), T.uint32((M + N) * KT * 2))
            T.cuda.tile.apply(
                T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                SA[s * M:s * M + M, :], A[:, :], box=(M, KT), coords=(0, s * KT), swizzle=3, mbar=bar.ptr_to([s]))
            T.cuda.tile.apply(
                T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                SB[s * N:s * N + N, :], B[:, :], box=(N, KT), coords=(0, s * KT), swizzle=3, mbar=bar.ptr_to([s]))
    T.cuda.cta_sync()
    for kt in range(K // KT):
        s = kt % 2
        T.cuda.mbarrier_wait(bar.ptr_to([s]), (kt // 2) % 2)
        T.ptx.wgmma.fence.sync.aligned()
        for k in T.unroll(KT // 16):
            SAf = T.decl_tensor(SA.data, ty_args=[T.Tensor((2 * M * KT,), "bfloat16", scope="shared", layout="default")])
            SBf = T.decl_tensor(SB.data, ty_args=[T.Tensor((2 * N * KT,), "bfloat16", scope="shared", layout="default")])
            T.cuda.wgmma_encode_matrix_descriptor(T.address_of(da[0]), SAf.ptr_to([s * M * KT + k * 16]), 1, 64, 3)
            T.cuda.wgmma_encode_matrix_descriptor(T.address_of(db[0]), SBf.ptr_to([s * N * KT + k * 16]), 1, 64, 3)
            T.ptx.wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16(
                acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
                acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15],
                acc[16], acc[17], acc[18], acc[19], acc[20], acc[21], acc[22], acc[23],
                acc[24], acc[25], acc[26], acc[27], acc[28], acc[29], acc[30], acc[31],
                da[0], db[0], T.bool(True), 1, 1, 0, 0)
        T.ptx.wgmma.commit_group.sync.aligned()
        T.ptx.wgmma.wait_group.sync.aligned(0)
        T.cuda.cta_sync()
        if t == 0 and kt + 2 < K // KT:
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([s]), T.uint32((M + N) * KT * 2))
            T.cuda.tile.apply(
                T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                SA[s * M:s * M + M, :], A[:, :], box=(M, KT), coords=(0, (kt + 2) * KT), swizzle=3, mbar=bar.ptr_to([s]))
            T.cuda.tile.apply(
                T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                SB[s * N:s * N + N, :], B[:, :], box=(N, KT), coords=(0, (kt + 2) * KT), swizzle=3, mbar=bar.ptr_to([s]))
    w = t // 32
    l = t % 32
    for i in T.unroll(32):
        D[16 * w + l // 4 + 8 * ((i // 2) % 2), 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[i]


def main():
    import ml_dtypes
    rng = np.random.default_rng(1128)
    A = rng.integers(-3, 4, (M, K)).astype(ml_dtypes.bfloat16)
    B = rng.integers(-3, 4, (N, K)).astype(ml_dtypes.bfloat16)
    D = A.astype(np.float32) @ B.astype(np.float32).T
    return {"A": A, "B": B, "D": np.zeros((M, N), np.float32)}, {"D": D.astype(np.float32)}
