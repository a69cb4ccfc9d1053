"""wgmma SS with a transposed (MN-major) A in the 64-byte swizzle, as a
GEMM with A stored K x M (M contiguous) writes it: A^T (64 x 64 bf16)
arrives as two TMA boxes of (K 64, M 32) (swizzle=2, ComposeLayout(3, 2, 3)),
one per 32-wide M atom, 4096 bytes apart; the descriptor has layout type
64B, LBO 4096 (between M atoms) and SBO 512 (between 8-row K groups), and
imm-trans-a 1; B (32 x 64, K-major) in the 128-byte swizzle. Four
m64n32k16 f32.bf16.bf16 k-steps (A start +1024 bytes, B start +32 bytes)."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

M, N, K = 64, 32, 64


@T.function
def tnspa(At: T.Tensor((K, M), "bfloat16"), B: T.Tensor((N, K), "bfloat16"), D: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    SA = T.alloc_shared((2 * K, 32), "bfloat16", layout=T.ComposeLayout(
        3, 2, 3, T.TileLayout(T.S[(2 * K, 32):(32, 1)])), align=1024)
    SB = T.alloc_shared((N, K), "bfloat16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(N, K):(K, 1)])), align=1024)
    acc = T.alloc_local((16,), "float32")
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32((M + N) * K * 2))
        for h in T.unroll(2):
            T.cuda.tile.apply(
                T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                SA[h * K:(h + 1) * K, :], At[:, :], box=(K, 32), coords=(0, h * 32), swizzle=2,
                mbar=bar.ptr_to([0]))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            SB[:, :], B[:, :], box=(N, K), coords=(0, 0), swizzle=3, mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    T.ptx.wgmma.fence.sync.aligned()
    for ks in T.unroll(4):
        aa = T.cuda.cvta_generic_to_shared(SA.ptr_to([16 * ks, 0]))
        ba = T.cuda.cvta_generic_to_shared(SB.ptr_to([0, 0])) + T.uint32(32 * ks)
        da = T.cast((aa >> 4) & 0x3FFF, "uint64") | (T.uint64(4096 >> 4) << T.uint64(16)) | (T.uint64(512 >> 4) << T.uint64(32)) | (T.uint64(2) << T.uint64(62))
        db = T.cast((ba >> 4) & 0x3FFF, "uint64") | (T.uint64(1) << T.uint64(16)) | (T.uint64(1024 >> 4) << T.uint64(32)) | (T.uint64(1) << T.uint64(62))
        T.ptx.wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16(
            acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
            acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15],
            da, db, T.bool(ks > 0), 1, 1, 1, 0)
    T.ptx.wgmma.commit_group.sync.aligned()
    T.ptx.wgmma.wait_group.sync.aligned(0)
    w = t // 32
    l = t % 32
    for i in T.unroll(16):
        D[16 * w + l // 4 + 8 * ((i // 2) % 2), 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[i]


def main():
    rng = np.random.default_rng(819)
    A = rng.integers(-4, 5, (M, K)).astype(np.float32)
    B = rng.integers(-4, 5, (N, K)).astype(np.float32)
    D = (A.astype(np.float64) @ B.T.astype(np.float64)).astype(np.float32)
    return ({"At": A.T.copy().astype(ml_dtypes.bfloat16), "B": B.astype(ml_dtypes.bfloat16),
             "D": np.zeros((M, N), np.float32)}, {"D": D})
