"""Element-level mma.sync m16n8k16 f16 x f16 -> f16 (f16 accumulators: C
and D are two 32-bit registers of two halves each, row lane/4 + 8*r, cols
2*(lane%4) + {0, 1}), and the f32.f16.f16.f32 form from zero accumulators; small
integer values so every sum is exact in half."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def hmma(A: T.Tensor((32, 4), "uint32"), B: T.Tensor((32, 2), "uint32"),
         C: T.Tensor((32, 2), "uint32"), D: T.Tensor((32, 2), "uint32"),
         E: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    a = T.alloc_local((4,), "uint32")
    b = T.alloc_local((2,), "uint32")
    c = T.alloc_local((2,), "uint32")
    d = T.alloc_local((2,), "uint32")
    e = T.alloc_local((4,), "float32")
    for i in T.unroll(4):
        a[i] = A[lane, i]
    for i in T.unroll(2):
        b[i] = B[lane, i]
        c[i] = C[lane, i]
    T.ptx.mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16(
        d[0], d[1], a[0], a[1], a[2], a[3], b[0], b[1], c[0], c[1])
    for i in T.unroll(4):
        e[i] = T.float32(0)
    T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
        e[0], e[1], e[2], e[3], a[0], a[1], a[2], a[3], b[0], b[1], e[0], e[1], e[2], e[3])
    for i in T.unroll(2):
        D[lane, i] = d[i]
    for i in T.unroll(4):
        E[lane, i] = e[i]


def main():
    rng = np.random.default_rng(4009)
    Am = rng.integers(-4, 5, (16, 16)).astype(np.float16)
    Bm = rng.integers(-4, 5, (16, 8)).astype(np.float16)
    Cm = rng.integers(-100, 100, (16, 8)).astype(np.float16)
    ref = (Am.astype(np.float64) @ Bm.astype(np.float64) + Cm.astype(np.float64))
    pk = lambda x, y: int(np.array([x, y], np.float16).view(np.uint32)[0])
    A = np.zeros((32, 4), np.uint32); B = np.zeros((32, 2), np.uint32)
    C = np.zeros((32, 2), np.uint32); D = np.zeros((32, 2), np.uint32); E = np.zeros((32, 4), np.float32)
    for l in range(32):
        g, t = l // 4, l % 4
        for r in range(4):
            row, col = g + 8 * (r % 2), 2 * t + 8 * (r // 2)
            A[l, r] = pk(Am[row, col], Am[row, col + 1])
        for r in range(2):
            k = 2 * t + 8 * r
            B[l, r] = pk(Bm[k, g], Bm[k + 1, g])
        for r in range(2):
            row = g + 8 * r
            C[l, r] = pk(Cm[row, 2 * t], Cm[row, 2 * t + 1])
            D[l, r] = pk(ref[row, 2 * t], ref[row, 2 * t + 1])
        for r in range(4):
            row, col = g + 8 * (r // 2), 2 * t + r % 2
            E[l, r] = ref[row, col] - float(Cm[row, col])
    return ({"A": A, "B": B, "C": C, "D": np.zeros_like(D), "E": np.zeros_like(E)}, {"D": D, "E": E})
