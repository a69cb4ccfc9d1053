"""The classic Ampere-style CTA GEMM tile: 4 warps in a 2 x 2 layout each
computing 32 x 32 of a 64 x 64 tile, A (row-major) and B (row-major, K x N)
streamed through a 2-stage cp.async.cg (16-byte) double buffer into
XOR-swizzled flat shared arrays (A: chunk ^ (row >> 1) & 3 on 64-byte rows,
B: chunk ^ k & 7 on 128-byte rows), wait_group 1 + bar.sync, ldmatrix.x4
for A and ldmatrix.x4.trans for B at swizzled addresses, 8 mma.sync
m16n8k16 f32.f16.f16.f32 per k-step into 64 accumulators per thread."""
from tvm_tirx.script import tirx as T
import numpy as np

M, N, K = 128, 64, 128
BK = 32
KT = K // BK


@T.function
def gemm(A: T.Tensor((M, K), "float16"), B: T.Tensor((K, N), "float16"), C: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=M // 64, block=128))
    t = T.cuda.thread_idx("x")
    bm = T.cuda.block_idx("x")
    lane = t % 32
    wid = t // 32
    wm = wid // 2
    wn = wid % 2
    SA = T.alloc_shared((2, 64 * BK), "float16", align=128)
    SB = T.alloc_shared((2, BK * 64), "float16", align=128)
    acc = T.alloc_local((64,), "float32")
    a = T.alloc_local((8,), "uint32")
    b = T.alloc_local((8,), "uint32")
    for i in T.unroll(64):
        acc[i] = T.float32(0)
    for kt in T.serial(KT + 1):
        if kt < KT:
            st = kt % 2
            for i in T.unroll(2):
                cid = i * 128 + t
                row = cid // 4
                ch = cid % 4
                T.ptx.cp.async_.cg.shared.global_(
                    T.cuda.cvta_generic_to_shared(SA.ptr_to([st, row * BK + (ch ^ ((row >> 1) & 3)) * 8])),
                    A.ptr_to([bm * 64 + row, kt * BK + ch * 8]), 16)
                kr = cid // 8
                nc = cid % 8
                T.ptx.cp.async_.cg.shared.global_(
                    T.cuda.cvta_generic_to_shared(SB.ptr_to([st, kr * 64 + (nc ^ (kr & 7)) * 8])),
                    B.ptr_to([kt * BK + kr, nc * 8]), 16)
        T.ptx.cp.async_.commit_group()
        if kt > 0:
            T.ptx.cp.async_.wait_group(1)
            T.cuda.cta_sync()
            cs = (kt - 1) % 2
            for ks in T.unroll(BK // 16):
                for mt in T.unroll(2):
                    r = wm * 32 + mt * 16 + lane % 16
                    c = ks * 2 + lane // 16
                    T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(
                        a[4 * mt], a[4 * mt + 1], a[4 * mt + 2], a[4 * mt + 3],
                        T.cuda.cvta_generic_to_shared(SA.ptr_to([cs, r * BK + (c ^ ((r >> 1) & 3)) * 8])))
                for nh in T.unroll(2):
                    k = ks * 16 + lane % 16
                    c = (wn * 32 + 16 * nh) // 8 + lane // 16
                    T.ptx.ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16(
                        b[4 * nh], b[4 * nh + 1], b[4 * nh + 2], b[4 * nh + 3],
                        T.cuda.cvta_generic_to_shared(SB.ptr_to([cs, k * 64 + (c ^ (k & 7)) * 8])))
                for mt in T.unroll(2):
                    for nb in T.unroll(4):
                        T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
                            acc[(mt * 4 + nb) * 4 + 0], acc[(mt * 4 + nb) * 4 + 1],
                            acc[(mt * 4 + nb) * 4 + 2], acc[(mt * 4 + nb) * 4 + 3],
                            a[4 * mt], a[4 * mt + 1], a[4 * mt + 2], a[4 * mt + 3], b[2 * nb], b[2 * nb + 1],
                            acc[(mt * 4 + nb) * 4 + 0], acc[(mt * 4 + nb) * 4 + 1],
                            acc[(mt * 4 + nb) * 4 + 2], acc[(mt * 4 + nb) * 4 + 3])
            T.cuda.cta_sync()
    g = lane // 4
    q = lane % 4
    for mt in T.unroll(2):
        for nb in T.unroll(4):
            for i in T.unroll(4):
                C[bm * 64 + wm * 32 + mt * 16 + g + 8 * (i // 2), wn * 32 + nb * 8 + 2 * q + i % 2] = acc[(mt * 4 + nb) * 4 + i]


def main():
    rng = np.random.default_rng(817)
    A = rng.integers(-3, 4, (M, K)).astype(np.float16)
    B = rng.integers(-3, 4, (K, N)).astype(np.float16)
    C = (A.astype(np.float64) @ B.astype(np.float64)).astype(np.float32)
    return {"A": A, "B": B, "C": np.zeros((M, N), np.float32)}, {"C": C}
