"""Element-level mma.sync m8n8k16 s8 x u8 -> s32 with .satfinite, as TIRx
users write it: one 32-bit register of 4 bytes each for A (row lane/4, k
4*(lane%4)..+3) and B (col lane/4, same k), two s32 C/D (row lane/4, cols
2*(lane%4) + {0, 1}); C near INT32_MAX/MIN so the sums saturate."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def imma(A: T.Tensor((32,), "uint32"), B: T.Tensor((32,), "uint32"),
         C: T.Tensor((32, 2), "int32"), D: T.Tensor((32, 2), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    l = T.cuda.lane_id()
    ab = T.alloc_local((2,), "uint32")
    c = T.alloc_local((2,), "uint32")
    d = T.alloc_local((2,), "uint32")
    ab[0] = A[l]
    ab[1] = B[l]
    c[0] = T.reinterpret(C[l, 0], ty="uint32")
    c[1] = T.reinterpret(C[l, 1], ty="uint32")
    T.ptx.mma.sync.aligned.m8n8k16.row.col.satfinite.s32.s8.u8.s32(d[0], d[1], ab[0], ab[1], c[0], c[1])
    D[l, 0] = T.reinterpret(d[0], ty="int32")
    D[l, 1] = T.reinterpret(d[1], ty="int32")


def main():
    rng = np.random.default_rng(4007)
    Am = rng.integers(-128, 128, (8, 16)).astype(np.int64)
    Bm = rng.integers(0, 256, (16, 8)).astype(np.int64)
    Cm = rng.integers(-2**31, 2**31, (8, 8)).astype(np.int64)
    Cm[:, :4] = np.where(Cm[:, :4] > 0, 2**31 - 1000, -2**31 + 1000)
    ref = np.clip(Am @ Bm + Cm, -2**31, 2**31 - 1)
    A = np.zeros(32, np.uint32); B = np.zeros(32, np.uint32)
    C = np.zeros((32, 2), np.int32); D = np.zeros((32, 2), np.int32)
    for l in range(32):
        g, t = l // 4, l % 4
        A[l] = np.array(Am[g, 4 * t:4 * t + 4], np.int8).view(np.uint32)[0]
        B[l] = np.array(Bm[4 * t:4 * t + 4, g], np.uint8).view(np.uint32)[0]
        for i in range(2):
            C[l, i] = Cm[g, 2 * t + i]; D[l, i] = ref[g, 2 * t + i]
    return {"A": A, "B": B, "C": C, "D": np.zeros_like(D)}, {"D": D}
