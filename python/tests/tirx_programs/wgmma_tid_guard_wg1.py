"""The wgmma of wgmma_desc_ss run by the second warpgroup of a 256-thread block, selected by `if tx >= 128:` (a thread_idx guard of whole warpgroups).
wgmma.mma_async m64n8k16 f32.f16.f16 as TIRx users write it: A (64 x 16)
and B (16 x 8) in shared memory in the K-major layout without swizzle
(core matrices of 8 rows of 16 bytes: LBO 128 bytes along K, SBO 256 along
M or N), descriptors built by hand from T.cuda.cvta_generic_to_shared
addresses (start >> 4, LBO >> 4 at bit 16, SBO >> 4 at bit 32), the
accumulator as four elements of a local tensor, wgmma.fence, commit_group
and wait_group; each thread writes its four accumulators where the ISA's
fragment puts them. Small integers: the products are exact."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def wgmma_ss(A: T.Tensor((64, 16), "float16"), B: T.Tensor((16, 8), "float16"),
             D: T.Tensor((64, 8), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256))
    tx = T.cuda.thread_idx("x")
    t = tx - 128
    SA = T.alloc_shared((1024,), "float16", align=128)
    SB = T.alloc_shared((128,), "float16", align=128)
    acc = T.alloc_local((4,), "float32")
    for i in range(8):
        e = i * 128 + (tx % 128)
        m = e // 16
        k = e % 16
        SA[((m // 8) * 2 + k // 8) * 64 + (m % 8) * 8 + k % 8] = A[m, k]
    k2 = (tx % 128) // 8
    n2 = (tx % 128) % 8
    SB[(k2 // 8) * 64 + n2 * 8 + k2 % 8] = B[k2, n2]
    for i in range(4):
        acc[i] = T.float32(1)
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    a_addr = T.cuda.cvta_generic_to_shared(SA.ptr_to([0]))
    b_addr = T.cuda.cvta_generic_to_shared(SB.ptr_to([0]))
    da = T.cast((a_addr >> 4) & 0x3FFF, "uint64") | (T.uint64(128 >> 4) << T.uint64(16)) | (T.uint64(256 >> 4) << T.uint64(32))
    db = T.cast((b_addr >> 4) & 0x3FFF, "uint64") | (T.uint64(128 >> 4) << T.uint64(16)) | (T.uint64(256 >> 4) << T.uint64(32))
    if tx >= 128:
        T.ptx.wgmma.fence.sync.aligned()
        T.ptx.wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16(
            acc[0], acc[1], acc[2], acc[3], da, db, T.bool(True), 1, 1, 0, 0)
        T.ptx.wgmma.commit_group.sync.aligned()
        T.ptx.wgmma.wait_group.sync.aligned(0)
    w = t // 32
    l = t % 32
    if tx >= 128:
      for i in range(4):
        D[w * 16 + l // 4 + 8 * ((i // 2) % 2), (l % 4) * 2 + i % 2] = acc[i]


def main():
    rng = np.random.default_rng(5)
    A = rng.integers(-4, 5, (64, 16)).astype(np.float16)
    B = rng.integers(-4, 5, (16, 8)).astype(np.float16)
    D = A.astype(np.float32) @ B.astype(np.float32) + 1
    return {"A": A, "B": B, "D": np.zeros_like(D)}, {"D": D}
