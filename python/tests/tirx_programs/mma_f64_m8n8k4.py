"""Element-level mma.sync m8n8k4 on float64 (DMMA) as TIRx users write it:
each lane holds one A element (row lane/4, col lane%4), one B element
(row lane%4, col lane/4) and two C/D elements (row lane/4, cols 2*(lane%4)
+ {0, 1}); two warps, each its own 8x8 product, a chain of two mmas (D of
the first is C of the second). Values are dyadic so the sums are exact."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def dmma(A: T.Tensor((2, 32), "float64"), B: T.Tensor((2, 32), "float64"),
         A2: T.Tensor((2, 32), "float64"), C: T.Tensor((2, 32, 2), "float64"),
         D: T.Tensor((2, 32, 2), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    w = T.cuda.warp_id()
    l = T.cuda.lane_id()
    a = T.local_scalar("float64", A[w, l])
    b = T.local_scalar("float64", B[w, l])
    a2 = T.local_scalar("float64", A2[w, l])
    c = T.alloc_local((2,), "float64")
    d = T.alloc_local((2,), "float64")
    c[0] = C[w, l, 0]
    c[1] = C[w, l, 1]
    T.ptx.mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64(d[0], d[1], a, b, c[0], c[1])
    T.ptx.mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64(c[0], c[1], a2, b, d[0], d[1])
    D[w, l, 0] = c[0]
    D[w, l, 1] = c[1]


def main():
    rng = np.random.default_rng(4006)
    Am = rng.integers(-64, 64, (2, 8, 4)) / 8.0
    A2m = rng.integers(-64, 64, (2, 8, 4)) / 4.0
    Bm = rng.integers(-64, 64, (2, 4, 8)) / 16.0
    Cm = rng.integers(-1000, 1000, (2, 8, 8)) / 2.0
    A = np.zeros((2, 32)); A2 = np.zeros((2, 32)); B = np.zeros((2, 32))
    C = np.zeros((2, 32, 2)); D = np.zeros((2, 32, 2))
    for w in range(2):
        ref = A2m[w] @ Bm[w] + (Am[w] @ Bm[w] + Cm[w])
        for l in range(32):
            A[w, l] = Am[w, l // 4, l % 4]; A2[w, l] = A2m[w, l // 4, l % 4]
            B[w, l] = Bm[w, l % 4, l // 4]
            for i in range(2):
                C[w, l, i] = Cm[w, l // 4, 2 * (l % 4) + i]
                D[w, l, i] = ref[l // 4, 2 * (l % 4) + i]
    return {"A": A, "B": B, "A2": A2, "C": C, "D": np.zeros_like(D)}, {"D": D}
