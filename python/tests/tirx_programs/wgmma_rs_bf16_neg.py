"""wgmma.mma_async in the RS form: m64n16k16 f32.bf16.bf16 with A from
registers (four b32 words per thread, the m16n8k16 A fragment of each
warp's 16 rows) and B (16 x 16, K-major) from shared memory without
swizzle (LBO 128 bytes, SBO 256), two k-steps over K = 32: the first with
scale-d false and imm-scale-b -1 (D = -A0 B0), the second accumulating
A1 B1 with imm-scale-a -1 (D -= A1 B1). Small integers: exact."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 64, 16, 32


@T.function
def wgmma_rs(A: T.Tensor((128, 8), "uint32"), B: T.Tensor((N, K), "bfloat16"),
             D: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    t = T.cuda.thread_idx("x")
    SB = T.alloc_shared((2 * 256,), "bfloat16", align=128)
    a = T.alloc_local((8,), "uint32")
    acc = T.alloc_local((8,), "float32")
    for i in T.unroll(8):
        a[i] = A[t, i]
    for i in T.unroll(4):
        e = i * 128 + t
        n = e // K
        k = e % K
        SB[(k // 16) * 256 + ((n // 8) * 2 + (k % 16) // 8) * 64 + (n % 8) * 8 + k % 8] = B[n, k]
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    T.ptx.wgmma.fence.sync.aligned()
    for ks in T.unroll(2):
        addr = T.cuda.cvta_generic_to_shared(SB.ptr_to([ks * 256]))
        db = T.cast((addr >> 4) & 0x3FFF, "uint64") | (T.uint64(128 >> 4) << T.uint64(16)) | (T.uint64(256 >> 4) << T.uint64(32))
        if ks == 0:
            T.ptx.wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16(
                acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
                a[0], a[1], a[2], a[3], db, T.bool(False), 1, -1, 0)
        else:
            T.ptx.wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16(
                acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
                a[4], a[5], a[6], a[7], db, T.bool(True), -1, 1, 0)
    T.ptx.wgmma.commit_group.sync.aligned()
    T.ptx.wgmma.wait_group.sync.aligned(0)
    w = t // 32
    l = t % 32
    for i in T.unroll(8):
        D[16 * w + l // 4 + 8 * ((i // 2) % 2), 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[i]


def bf(x):
    return (np.asarray(x, np.float32).view(np.uint32) >> 16).astype(np.uint32)


def main():
    rng = np.random.default_rng(59)
    Am = rng.integers(-8, 9, (M, K)).astype(np.float32)
    Bm = rng.integers(-8, 9, (N, K)).astype(np.float32)
    A = np.zeros((128, 8), np.uint32)
    for t in range(128):
        w, l = t // 32, t % 32
        for ks in range(2):
            for r in range(4):
                row = 16 * w + l // 4 + 8 * (r % 2)
                col = 16 * ks + 2 * (l % 4) + 8 * (r // 2)
                A[t, 4 * ks + r] = bf(Am[row, col]) | bf(Am[row, col + 1]) << 16
    D = -(Am[:, :16] @ Bm[:, :16].T) - Am[:, 16:] @ Bm[:, 16:].T
    import ml_dtypes
    return ({"A": A, "B": Bm.astype(ml_dtypes.bfloat16), "D": np.zeros((M, N), np.float32)},
            {"D": D.astype(np.float32)})
