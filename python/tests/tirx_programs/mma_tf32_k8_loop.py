"""tf32 tensor-core GEMM of one warp: D(16x8) = A(16x32) @ B(32x8) + C, with
inputs rounded in-kernel by cvt.rna.tf32.f32 (values carry bits below tf32's
mantissa, some exactly half an ulp so .rna rounds away), a K loop of 4
mma.sync.m16n8k8.row.col.f32.tf32.tf32.f32 steps, the A/B fragments read
straight from global with per-lane (g, t) indexing, C from a bias row."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def tf32_gemm(A: T.Tensor((16, 32), "float32"), B: T.Tensor((32, 8), "float32"),
              bias: T.Tensor((8,), "float32"), D: T.Tensor((16, 8), "float32"),
              R: T.Tensor((16, 32), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    g = lane // 4
    t = lane % 4
    d = T.alloc_local((4,), "float32")
    for i in T.unroll(4):
        d[i] = bias[2 * t + i % 2]
    a = T.alloc_local((4,), "uint32")
    b = T.alloc_local((2,), "uint32")
    for ks in T.serial(4):
        k0 = ks * 8
        T.ptx.cvt.rna.tf32.f32(a[0], A[g, k0 + t])
        T.ptx.cvt.rna.tf32.f32(a[1], A[g + 8, k0 + t])
        T.ptx.cvt.rna.tf32.f32(a[2], A[g, k0 + t + 4])
        T.ptx.cvt.rna.tf32.f32(a[3], A[g + 8, k0 + t + 4])
        T.ptx.cvt.rna.tf32.f32(b[0], B[k0 + t, g])
        T.ptx.cvt.rna.tf32.f32(b[1], B[k0 + t + 4, g])
        if ks == 1:
            for i in T.unroll(4):
                R[g + 8 * (i % 2), 8 + t + 4 * (i // 2)] = a[i]
        T.ptx.mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32(
            d[0], d[1], d[2], d[3], a[0], a[1], a[2], a[3], b[0], b[1],
            d[0], d[1], d[2], d[3])
    for i in T.unroll(4):
        D[g + 8 * (i // 2), 2 * t + i % 2] = d[i]


def rna_tf32(x):
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x1000) & 0xFFFFE000
    return u.astype(np.uint32)


def main():
    rng = np.random.default_rng(702)
    # 8-bit mantissas, plus a residue below tf32's 10 bits
    A0 = rng.integers(-128, 128, (16, 32)).astype(np.float32) / 64
    B0 = rng.integers(-128, 128, (32, 8)).astype(np.float32) / 32
    # residue: a quarter ulp (rounds off), or exactly half an ulp (rounds away)
    def perturb(X, rng, lo):
        # half-ulp ties only where |X| >= lo, so that every sum stays exact
        u = X.view(np.uint32).copy()
        sel = rng.integers(0, 3, X.shape)
        sel = np.where((sel == 2) & (np.abs(X) < lo), 1, sel)
        nz = X != 0
        u = np.where(nz & (sel == 1), u + 0x800, u)
        u = np.where(nz & (sel == 2), u + 0x1000, u)
        return u.astype(np.uint32).view(np.float32)
    A = perturb(A0, rng, 1.0); B = perturb(B0, rng, 1e9)
    At = rna_tf32(A).view(np.float32); Bt = rna_tf32(B).view(np.float32)
    bias = rng.integers(-20, 20, 8).astype(np.float32)
    D = (At.astype(np.float64) @ Bt.astype(np.float64) + bias).astype(np.float32)
    R = np.zeros((16, 32), np.uint32)
    R[:, 8:16] = rna_tf32(A[:, 8:16])
    return ({"A": A, "B": B, "bias": bias, "D": np.zeros((16, 8), np.float32),
             "R": np.zeros((16, 32), np.uint32)}, {"D": D, "R": R})
