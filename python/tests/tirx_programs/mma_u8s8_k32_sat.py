"""Element-level mma.sync m16n8k32 u8 x s8 -> s32 with .satfinite (mixed
signedness), with C near INT32_MAX / INT32_MIN so that sums saturate, and a
second mma without .satfinite on the same operands (wraps)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def imma2(A: T.Tensor((32, 4), "uint32"), B: T.Tensor((32, 2), "uint32"),
          C: T.Tensor((32, 4), "int32"), D: T.Tensor((32, 4), "int32"),
          E: T.Tensor((32, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    abuf = T.alloc_local((4,), "uint32")
    bbuf = T.alloc_local((2,), "uint32")
    cbuf = T.alloc_local((4,), "uint32")
    dbuf = T.alloc_local((4,), "uint32")
    ebuf = T.alloc_local((4,), "uint32")
    for i in T.unroll(4):
        abuf[i] = A[lane, i]
        cbuf[i] = T.reinterpret(C[lane, i], ty="uint32")
    for i in T.unroll(2):
        bbuf[i] = B[lane, i]
    T.ptx.mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.s8.s32(
        dbuf[0], dbuf[1], dbuf[2], dbuf[3], abuf[0], abuf[1], abuf[2], abuf[3],
        bbuf[0], bbuf[1], cbuf[0], cbuf[1], cbuf[2], cbuf[3])
    T.ptx.mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32(
        ebuf[0], ebuf[1], ebuf[2], ebuf[3], abuf[0], abuf[1], abuf[2], abuf[3],
        bbuf[0], bbuf[1], cbuf[0], cbuf[1], cbuf[2], cbuf[3])
    for i in T.unroll(4):
        D[lane, i] = T.reinterpret(dbuf[i], ty="int32")
        E[lane, i] = T.reinterpret(ebuf[i], ty="int32")


def main():
    rng = np.random.default_rng(4008)
    Am = rng.integers(0, 256, (16, 32)).astype(np.int64)
    Bm = rng.integers(-128, 128, (32, 8)).astype(np.int64)
    Cm = np.where(rng.integers(0, 2, (16, 8)) > 0, 2**31 - 50000, -2**31 + 50000).astype(np.int64)
    Cm[::3] = rng.integers(-2**20, 2**20, Cm[::3].shape)
    s = Am @ Bm + Cm
    refD = np.clip(s, -2**31, 2**31 - 1)
    refE = ((s + 2**31) % 2**32) - 2**31
    pa = lambda v: int(np.array(v, np.uint8).view(np.uint32)[0])
    pb = lambda v: int(np.array(v, np.int8).view(np.uint32)[0])
    A = np.zeros((32, 4), np.uint32); B = np.zeros((32, 2), np.uint32)
    C = np.zeros((32, 4), np.int32); D = np.zeros((32, 4), np.int32); E = np.zeros((32, 4), np.int32)
    for l in range(32):
        g, t = l // 4, l % 4
        for r in range(4):
            row, w = g + 8 * (r % 2), t + 4 * (r // 2)
            A[l, r] = pa(Am[row, 4 * w:4 * w + 4])
        for r in range(2):
            w = t + 4 * r
            B[l, r] = pb(Bm[4 * w:4 * w + 4, g])
        for r in range(4):
            row, col = g + 8 * (r // 2), 2 * t + r % 2
            C[l, r] = Cm[row, col]; D[l, r] = refD[row, col]; E[l, r] = refE[row, col]
    return ({"A": A, "B": B, "C": C, "D": np.zeros_like(D), "E": np.zeros_like(E)},
            {"D": D, "E": E})
