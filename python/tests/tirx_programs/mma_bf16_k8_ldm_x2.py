"""bf16 m16n8k8 warp GEMM fed by ldmatrix: D(16x16) = A(16x32) @ B(32x16),
A fragments by ldmatrix.x2 (lanes 0-15 give rows), B fragments by
ldmatrix.x1.trans from a row-major (K, N) tile (lanes 0-7 give k rows), two N
blocks and four k-steps in kernel loops, f32 accumulators, then the result
rounded to bf16 with cvt.rn.bf16x2.f32 and stored as packed words."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def bf16_gemm(A: T.Tensor((16, 32), "bfloat16"), B: T.Tensor((32, 16), "bfloat16"),
              D: T.Tensor((16, 8), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    SA = T.alloc_shared((16, 40), "bfloat16")
    SB = T.alloc_shared((32, 24), "bfloat16")
    for r in T.unroll(16):
        SA[r, lane] = A[r, lane]
    for r in T.unroll(16):
        SB[2 * r + lane // 16, lane % 16] = B[2 * r + lane // 16, lane % 16]
    T.cuda.cta_sync()
    acc = T.alloc_local((8,), "float32")
    for i in T.unroll(8):
        acc[i] = T.float32(0)
    a = T.alloc_local((2,), "uint32")
    b = T.alloc_local((1,), "uint32")
    for ks in T.serial(4):
        T.ptx.ldmatrix.sync.aligned.m8n8.x2.shared.b16(
            a[0], a[1], T.cuda.cvta_generic_to_shared(SA.ptr_to([lane % 16, ks * 8])))
        for nb in T.unroll(2):
            T.ptx.ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16(
                b[0], T.cuda.cvta_generic_to_shared(SB.ptr_to([ks * 8 + lane % 8, nb * 8])))
            T.ptx.mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32(
                acc[4 * nb], acc[4 * nb + 1], acc[4 * nb + 2], acc[4 * nb + 3],
                a[0], a[1], b[0],
                acc[4 * nb], acc[4 * nb + 1], acc[4 * nb + 2], acc[4 * nb + 3])
    g = lane // 4
    t = lane % 4
    w = T.local_scalar("uint32")
    for nb in T.unroll(2):
        for h in T.unroll(2):
            T.ptx.cvt.rn.bf16x2.f32(w, acc[4 * nb + 2 * h + 1], acc[4 * nb + 2 * h])
            D[g + 8 * h, nb * 4 + t] = w


def bf16_bits(x):
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def main():
    rng = np.random.default_rng(703)
    Af = rng.integers(-16, 17, (16, 32)).astype(np.float32) / 4
    Bf = rng.integers(-16, 17, (32, 16)).astype(np.float32) / 8
    A = (Af.view(np.uint32) >> 16).astype(np.uint16)
    B = (Bf.view(np.uint32) >> 16).astype(np.uint16)
    Df = (Af.astype(np.float64) @ Bf.astype(np.float64)).astype(np.float32)
    h = bf16_bits(Df).astype(np.uint32)  # (16, 16): many need rounding
    D = (h[:, 0::2] | (h[:, 1::2] << 16)).astype(np.uint32)
    import ml_dtypes
    return ({"A": A.view(ml_dtypes.bfloat16), "B": B.view(ml_dtypes.bfloat16),
             "D": np.zeros((16, 8), np.uint32)}, {"D": D})
