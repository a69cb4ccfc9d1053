"""Hopper GEMM core with two N tiles per warpgroup, accumulators held as a
2-D local array acc[i, nt] (CUTLASS-style per-tile fragments): TMA loads A
(64 x 64 f16) and B^T (32 x 64 f16) under the 128-byte swizzle, and for each
of 4 k-steps two wgmma.mma_async m64n16k16 f32.f16.f16, the second B
descriptor 16 rows (two swizzle atoms) further; then commit/wait and both
fragments written out."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 64, 32, 64


@T.function
def wg2(A: T.Tensor((M, K), "float16"), B: T.Tensor((N, K), "float16"),
        D: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    SA = T.alloc_shared((M, K), "float16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(M, K):(K, 1)])), align=1024)
    SB = T.alloc_shared((N, K), "float16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(N, K):(K, 1)])), align=1024)
    acc = T.alloc_local((8, 2), "float32")
    da = T.alloc_local((1,), "uint64")
    db = T.alloc_local((1,), "uint64")
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32((M + N) * K * 2))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            SA[:, :], A[:, :], box=(M, K), coords=(0, 0), swizzle=3, mbar=bar.ptr_to([0]))
        T.cuda.tile.apply(
            T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
            SB[:, :], B[:, :], box=(N, K), coords=(0, 0), swizzle=3, mbar=bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    T.ptx.wgmma.fence.sync.aligned()
    SAf = T.decl_tensor(SA.data, ty_args=[T.Tensor((M * K,), "float16", scope="shared", layout="default")])
    SBf = T.decl_tensor(SB.data, ty_args=[T.Tensor((N * K,), "float16", scope="shared", layout="default")])
    for k in T.unroll(K // 16):
        T.cuda.wgmma_encode_matrix_descriptor(T.address_of(da[0]), SAf.ptr_to([k * 16]), 1, 64, 3)
        for nt in T.unroll(2):
            T.cuda.wgmma_encode_matrix_descriptor(T.address_of(db[0]), SBf.ptr_to([nt * 16 * K + k * 16]), 1, 64, 3)
            T.ptx.wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16(
                acc[0, nt], acc[1, nt], acc[2, nt], acc[3, nt],
                acc[4, nt], acc[5, nt], acc[6, nt], acc[7, nt],
                da[0], db[0], T.bool(k > 0), 1, 1, 0, 0)
    T.ptx.wgmma.commit_group.sync.aligned()
    T.ptx.wgmma.wait_group.sync.aligned(0)
    w = t // 32
    l = t % 32
    for nt in T.unroll(2):
        for i in T.unroll(8):
            D[16 * w + l // 4 + 8 * ((i // 2) % 2), 16 * nt + 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[i, nt]


def main():
    rng = np.random.default_rng(717)
    A = rng.integers(-4, 5, (M, K)).astype(np.float16)
    B = rng.integers(-4, 5, (N, K)).astype(np.float16)
    D = A.astype(np.float32) @ B.astype(np.float32).T
    return {"A": A, "B": B, "D": np.zeros((M, N), np.float32)}, {"D": D.astype(np.float32)}
