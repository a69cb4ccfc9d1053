"""One warp: C(16x32) = A(16x64) @ B(64x32), f16 in, f32 accumulate, as
hand-written CUDA does it: A and B staged in padded shared tiles, per k-step
one ldmatrix.x4 for A (lane l -> row l%16, col k0+8*(l//16)) and two
ldmatrix.x4.trans for B (each x4 gives the b-fragments of two N blocks),
accumulators acc[nb, i] indexed per N block, 4 N blocks x 4 k-steps of
mma.sync m16n8k16 f32; epilogue packs with cvt.rn.f16x2.f32 and stores
through shared with stmatrix.x4, then row copies out."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def warp_gemm(A: T.Tensor((16, 64), "float16"), B: T.Tensor((64, 32), "float16"),
              C: T.Tensor((16, 32), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    SA = T.alloc_shared((16, 72), "float16")
    SB = T.alloc_shared((64, 40), "float16")
    SC = T.alloc_shared((16, 40), "float16")
    for r in T.unroll(16):
        for c in T.unroll(2):
            SA[r, lane + 32 * c] = A[r, lane + 32 * c]
    for r in T.unroll(64):
        SB[r, lane] = B[r, lane]
    T.cuda.cta_sync()
    acc = T.alloc_local((4, 4), "float32")
    for nb in T.unroll(4):
        for i in T.unroll(4):
            acc[nb, i] = T.float32(0)
    a = T.alloc_local((4,), "uint32")
    b = T.alloc_local((8,), "uint32")
    for ks in T.unroll(4):
        k0 = ks * 16
        T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(
            a[0], a[1], a[2], a[3],
            T.cuda.cvta_generic_to_shared(SA.ptr_to([lane % 16, k0 + 8 * (lane // 16)])))
        for nh in T.unroll(2):
            T.ptx.ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16(
                b[4 * nh + 0], b[4 * nh + 1], b[4 * nh + 2], b[4 * nh + 3],
                T.cuda.cvta_generic_to_shared(
                    SB.ptr_to([k0 + lane % 16, 16 * nh + 8 * (lane // 16)])))
        for nb in T.unroll(4):
            T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
                acc[nb, 0], acc[nb, 1], acc[nb, 2], acc[nb, 3],
                a[0], a[1], a[2], a[3], b[2 * nb], b[2 * nb + 1],
                acc[nb, 0], acc[nb, 1], acc[nb, 2], acc[nb, 3])
    p = T.alloc_local((4, 2), "uint32")
    for nb in T.unroll(4):
        for h in T.unroll(2):
            T.ptx.cvt.rn.f16x2.f32(p[nb, h], acc[nb, 2 * h + 1], acc[nb, 2 * h])
    for nh in T.unroll(2):
        T.ptx.stmatrix.sync.aligned.m8n8.x4.shared.b16(
            T.cuda.cvta_generic_to_shared(SC.ptr_to([lane % 16, 16 * nh + 8 * (lane // 16)])),
            p[2 * nh, 0], p[2 * nh, 1], p[2 * nh + 1, 0], p[2 * nh + 1, 1])
    T.cuda.cta_sync()
    for r in T.unroll(16):
        C[r, lane] = SC[r, lane]


def main():
    rng = np.random.default_rng(701)
    A = rng.integers(-4, 5, (16, 64)).astype(np.float16)
    B = rng.integers(-4, 5, (64, 32)).astype(np.float16)
    C = (A.astype(np.int64) @ B.astype(np.int64)).astype(np.float16)
    return {"A": A, "B": B, "C": np.zeros((16, 32), np.float16)}, {"C": C}
