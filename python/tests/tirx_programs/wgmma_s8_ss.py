"""wgmma.mma_async m64n8k32 s32.s8.s8 (integer, bit exact) with both
operands in shared memory without swizzle: int8 core matrices of 8 rows of
16 bytes (LBO 128 bytes along K, SBO 256 along M/N), the accumulator as four
int32 registers, two k-steps over K = 64 (scale-d false then true), plus a
u8 x s8 product into a second accumulator."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 64, 8, 64


@T.function
def wgmma_s8(A: T.Tensor((M, K), "int8"), B: T.Tensor((N, K), "int8"),
             D: T.Tensor((M, N), "int32"), E: T.Tensor((M, N), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    SA = T.alloc_shared((M * K,), "int8", align=128)
    SB = T.alloc_shared((N * K,), "int8", align=128)
    acc = T.alloc_local((4,), "uint32")
    acc2 = T.alloc_local((4,), "uint32")
    for i in T.unroll(M * K // 128):
        e = i * 128 + t
        m = e // K
        k = e % K
        SA[(k // 32) * (M * 32) + ((m // 8) * 2 + (k % 32) // 16) * 128 + (m % 8) * 16 + k % 16] = A[m, k]
    for i in T.unroll(N * K // 128):
        e = i * 128 + t
        n = e // K
        k = e % K
        SB[(k // 32) * (N * 32) + ((n // 8) * 2 + (k % 32) // 16) * 128 + (n % 8) * 16 + k % 16] = B[n, k]
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    T.ptx.wgmma.fence.sync.aligned()
    for ks in T.unroll(2):
        aa = T.cuda.cvta_generic_to_shared(SA.ptr_to([ks * M * 32]))
        ba = T.cuda.cvta_generic_to_shared(SB.ptr_to([ks * N * 32]))
        da = T.cast((aa >> 4) & 0x3FFF, "uint64") | (T.uint64(8) << T.uint64(16)) | (T.uint64(16) << T.uint64(32))
        db = T.cast((ba >> 4) & 0x3FFF, "uint64") | (T.uint64(8) << T.uint64(16)) | (T.uint64(16) << T.uint64(32))
        T.ptx.wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8(
            acc[0], acc[1], acc[2], acc[3], da, db, T.bool(ks > 0))
        T.ptx.wgmma.mma_async.sync.aligned.m64n8k32.s32.u8.s8(
            acc2[0], acc2[1], acc2[2], acc2[3], da, db, T.bool(ks > 0))
    T.ptx.wgmma.commit_group.sync.aligned()
    T.ptx.wgmma.wait_group.sync.aligned(0)
    w = t // 32
    l = t % 32
    for i in T.unroll(4):
        D[16 * w + l // 4 + 8 * ((i // 2) % 2), 2 * (l % 4) + i % 2] = T.reinterpret(acc[i], ty="int32")
        E[16 * w + l // 4 + 8 * ((i // 2) % 2), 2 * (l % 4) + i % 2] = T.reinterpret(acc2[i], ty="int32")


def main():
    rng = np.random.default_rng(61)
    A = rng.integers(-128, 128, (M, K)).astype(np.int8)
    B = rng.integers(-128, 128, (N, K)).astype(np.int8)
    D = A.astype(np.int32) @ B.astype(np.int32).T
    E = A.view(np.uint8).astype(np.int32) @ B.astype(np.int32).T
    return ({"A": A, "B": B, "D": np.zeros((M, N), np.int32), "E": np.zeros((M, N), np.int32)},
            {"D": D, "E": E})
