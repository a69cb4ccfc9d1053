"""wgmma issued from @T.inline helpers the way users shorten 32-register
calls: the accumulator registers passed as *[acc[base + i] for i in
range(32)] (a starred list comprehension), the descriptors built in a
second helper from a flat shared view and a byte offset, two N halves
(acc[32 * nt + i]) of a 64 x 128 x 64 GEMM with A and B unswizzled K-major
(core matrices: LBO 128, SBO 256 bytes) filled by ordinary stores; the
result written through a transposed T.decl_tensor view (C^T)."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 64, 128, 64


@T.inline
def desc(ptr):
    addr = T.cuda.cvta_generic_to_shared(ptr)
    return T.cast((addr >> 4) & 0x3FFF, "uint64") | (T.uint64(128 >> 4) << T.uint64(16)) | (T.uint64(256 >> 4) << T.uint64(32))


@T.inline
def mma_tile(acc, base, da, db, accumulate):
    T.ptx.wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16(
        *[acc[base + i] for i in range(32)], da, db, T.bool(accumulate), 1, 1, 0, 0)


@T.function
def gemm_t(A: T.Tensor((M, K), "float16"), B: T.Tensor((N, K), "float16"),
           CT: T.Tensor((N, M), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    SA = T.alloc_shared((M * K,), "float16", align=128)
    SB = T.alloc_shared((N * K,), "float16", align=128)
    acc = T.alloc_local((64,), "float32")
    # K-major core-matrix layout: (row // 8, k // 8) blocks of 8 x 8, k-blocks adjacent.
    for i in T.serial(M * K // 128):
        e = i * 128 + t
        m = e // K
        k = e % K
        SA[((k // 16) * (M // 8) + m // 8) * 128 + ((k % 16) // 8) * 64 + (m % 8) * 8 + k % 8] = A[m, k]
    for i in T.serial(N * K // 128):
        e = i * 128 + t
        n = e // K
        k = e % K
        SB[((k // 16) * (N // 8) + n // 8) * 128 + ((k % 16) // 8) * 64 + (n % 8) * 8 + k % 8] = B[n, k]
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    T.ptx.wgmma.fence.sync.aligned()
    for ks in T.unroll(K // 16):
        da = desc(SA.ptr_to([ks * M * 16]))
        for nt in T.unroll(2):
            db = desc(SB.ptr_to([ks * N * 16 + nt * 64 * 16]))
            mma_tile(acc, 32 * nt, da, db, ks > 0)
    T.ptx.wgmma.commit_group.sync.aligned()
    T.ptx.wgmma.wait_group.sync.aligned(0)
    C = T.decl_tensor(CT.data, ty_args=[T.Tensor((M, N), "float32", layout=T.TileLayout(T.S[(M, N):(1, M)]))])
    w = t // 32
    l = t % 32
    for nt in T.unroll(2):
        for i in T.unroll(32):
            C[16 * w + l // 4 + 8 * ((i // 2) % 2), 64 * nt + 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[32 * nt + i]


def main():
    rng = np.random.default_rng(811)
    A = rng.integers(-4, 5, (M, K)).astype(np.float16)
    B = rng.integers(-4, 5, (N, K)).astype(np.float16)
    CT = (A.astype(np.float64) @ B.astype(np.float64).T).T.astype(np.float32).copy()
    return {"A": A, "B": B, "CT": np.zeros((N, M), np.float32)}, {"CT": CT}
