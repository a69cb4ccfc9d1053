"""The Hopper GEMM core as TIRx's GEMM examples write it: TMA loads A
(64 x 64 f16, K-major) and B (32 x 64 f16, K-major, i.e. B^T) with the
128-byte swizzle into T.ComposeLayout(3, 3, 3, ...) tiles, descriptors from
T.cuda.wgmma_encode_matrix_descriptor (swizzle 3 = 128B, SBO 1024 bytes),
four wgmma.mma_async m64n32k16 f32.f16.f16 k-steps whose descriptors start
32 bytes further along K each (the first with scale-d false), one
commit/wait, and the accumulator fragment written out."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 64, 32, 64


@T.function
def wgmma_tma(A: T.Tensor((M, K), "float16"), B: T.Tensor((N, K), "float16"),
              D: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    bar = T.alloc_shared((1,), "uint64")
    SA = T.alloc_shared((M, K), "float16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(M, K):(K, 1)])), align=1024)
    SB = T.alloc_shared((N, K), "float16", layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(N, K):(K, 1)])), align=1024)
    acc = T.alloc_local((16,), "float32")
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
    for k in T.unroll(K // 16):
        SAf = T.decl_tensor(SA.data, ty_args=[T.Tensor((M * K,), "float16", scope="shared", layout="default")])
        SBf = T.decl_tensor(SB.data, ty_args=[T.Tensor((N * K,), "float16", scope="shared", layout="default")])
        T.cuda.wgmma_encode_matrix_descriptor(T.address_of(da[0]), SAf.ptr_to([k * 16]), 1, 64, 3)
        T.cuda.wgmma_encode_matrix_descriptor(T.address_of(db[0]), SBf.ptr_to([k * 16]), 1, 64, 3)
        T.ptx.wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16(
            acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
            acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15],
            da[0], db[0], T.bool(k > 0), 1, 1, 0, 0)
    T.ptx.wgmma.commit_group.sync.aligned()
    T.ptx.wgmma.wait_group.sync.aligned(0)
    w = t // 32
    l = t % 32
    for i in T.unroll(16):
        D[16 * w + l // 4 + 8 * ((i // 2) % 2), 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[i]


def main():
    rng = np.random.default_rng(53)
    A = rng.integers(-4, 5, (M, K)).astype(np.float16)
    B = rng.integers(-4, 5, (N, K)).astype(np.float16)
    D = A.astype(np.float32) @ B.astype(np.float32).T
    return {"A": A, "B": B, "D": np.zeros((M, N), np.float32)}, {"D": D.astype(np.float32)}
