"""Binary and 4-bit tensor-core GEMM tiles (XNOR-net / int4 inference):
mma.sync m16n8k256 .b1 with xor.popc and and.popc, and m16n8k64 s4 x s4
and u4 x s4 with .satfinite, one warp, fragments loaded straight from
bit-packed row-major words (A 16 x K, B^T 8 x K); the xor result turns into
the +-1 dot product K - 2 popc in-kernel. The satfinite accumulators start
near INT32_MAX / INT32_MIN so some saturate."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def bnn(A1: T.Tensor((16, 8), "uint32"), B1: T.Tensor((8, 8), "uint32"),
        A4: T.Tensor((16, 8), "uint32"), B4: T.Tensor((8, 8), "uint32"),
        Cs: T.Tensor((16, 8), "int32"),
        Dx: T.Tensor((16, 8), "int32"), Da: T.Tensor((16, 8), "int32"),
        Ds: T.Tensor((16, 8), "int32"), Du: T.Tensor((16, 8), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    l = T.cuda.thread_idx("x")
    g = l // 4
    q = l % 4
    a = T.alloc_local((4,), "uint32")
    bb = T.alloc_local((2,), "uint32")
    c = T.alloc_local((4,), "uint32")
    d = T.alloc_local((4,), "uint32")
    e = T.alloc_local((4,), "uint32")
    a[0] = A1[g, q]
    a[1] = A1[g + 8, q]
    a[2] = A1[g, q + 4]
    a[3] = A1[g + 8, q + 4]
    bb[0] = B1[g, q]
    bb[1] = B1[g, q + 4]
    for i in T.unroll(4):
        c[i] = T.uint32(0)
    T.ptx.mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.xor.popc(
        d[0], d[1], d[2], d[3], a[0], a[1], a[2], a[3], bb[0], bb[1], c[0], c[1], c[2], c[3])
    T.ptx.mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and_.popc(
        e[0], e[1], e[2], e[3], a[0], a[1], a[2], a[3], bb[0], bb[1], c[0], c[1], c[2], c[3])
    for i in T.unroll(4):
        Dx[g + 8 * (i // 2), 2 * q + i % 2] = 256 - 2 * T.cast(d[i], "int32")
        Da[g + 8 * (i // 2), 2 * q + i % 2] = T.cast(e[i], "int32")
    a[0] = A4[g, q]
    a[1] = A4[g + 8, q]
    a[2] = A4[g, q + 4]
    a[3] = A4[g + 8, q + 4]
    bb[0] = B4[g, q]
    bb[1] = B4[g, q + 4]
    for i in T.unroll(4):
        c[i] = T.cast(Cs[g + 8 * (i // 2), 2 * q + i % 2], "uint32")
    T.ptx.mma.sync.aligned.m16n8k64.row.col.satfinite.s32.s4.s4.s32(
        d[0], d[1], d[2], d[3], a[0], a[1], a[2], a[3], bb[0], bb[1], c[0], c[1], c[2], c[3])
    T.ptx.mma.sync.aligned.m16n8k64.row.col.satfinite.s32.u4.s4.s32(
        e[0], e[1], e[2], e[3], a[0], a[1], a[2], a[3], bb[0], bb[1], c[0], c[1], c[2], c[3])
    for i in T.unroll(4):
        Ds[g + 8 * (i // 2), 2 * q + i % 2] = T.cast(d[i], "int32")
        Du[g + 8 * (i // 2), 2 * q + i % 2] = T.cast(e[i], "int32")


def pack_bits(bits):  # (R, K) of 0/1 -> (R, K/32) uint32, element i at bit i
    r, k = bits.shape
    w = bits.reshape(r, k // 32, 32).astype(np.uint64) << np.arange(32, dtype=np.uint64)
    return w.sum(axis=2).astype(np.uint32)


def pack_nib(v):  # (R, 64) of 4-bit codes -> (R, 8)
    r, k = v.shape
    w = (v.reshape(r, k // 8, 8).astype(np.uint64) & 0xF) << (4 * np.arange(8, dtype=np.uint64))
    return w.sum(axis=2).astype(np.uint32)


def main():
    rng = np.random.default_rng(805)
    a1 = rng.integers(0, 2, (16, 256))
    b1 = rng.integers(0, 2, (8, 256))
    a4 = rng.integers(0, 16, (16, 64))
    b4 = rng.integers(0, 16, (8, 64))
    sa4 = np.where(a4 >= 8, a4 - 16, a4)
    sb4 = np.where(b4 >= 8, b4 - 16, b4)
    Cs = rng.integers(-1000, 1000, (16, 8)).astype(np.int64)
    Cs[0:4] = 2**31 - 1 - rng.integers(0, 600, (4, 8))
    Cs[8:12] = -2**31 + rng.integers(0, 600, (4, 8))
    pm = lambda x: 2 * x - 1
    Dx = pm(a1) @ pm(b1).T
    Da = a1 @ b1.T
    sat = lambda x: np.clip(x, -2**31, 2**31 - 1)
    Ds = sat(sa4 @ sb4.T + Cs)
    Du = sat(a4 @ sb4.T + Cs)
    z = np.zeros((16, 8), np.int32)
    return ({"A1": pack_bits(a1), "B1": pack_bits(b1), "A4": pack_nib(a4), "B4": pack_nib(b4),
             "Cs": Cs.astype(np.int32), "Dx": z.copy(), "Da": z.copy(), "Ds": z.copy(), "Du": z.copy()},
            {"Dx": Dx.astype(np.int32), "Da": Da.astype(np.int32), "Ds": Ds.astype(np.int32), "Du": Du.astype(np.int32)})
