"""mma.sync m16n8k16 whose C/D registers are elements acc[nb, i] of
a 2-D local tensor (accumulators indexed per N block)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def k(A: T.Tensor((32, 4), "uint32"), B: T.Tensor((32, 2), "uint32"),
      E: T.Tensor((32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    a = T.alloc_local((4,), "uint32")
    b = T.alloc_local((2,), "uint32")
    acc = T.alloc_local((2, 4), "float32")
    for i in T.unroll(4):
        a[i] = A[lane, i]
        acc[1, i] = T.float32(0)
    for i in T.unroll(2):
        b[i] = B[lane, i]
    T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
        acc[1, 0], acc[1, 1], acc[1, 2], acc[1, 3], a[0], a[1], a[2], a[3], b[0], b[1],
        acc[1, 0], acc[1, 1], acc[1, 2], acc[1, 3])
    for i in T.unroll(4):
        E[lane, i] = acc[1, i]


def main():
    rng = np.random.default_rng(4009)
    Am = rng.integers(-4, 5, (16, 16)).astype(np.float16)
    Bm = rng.integers(-4, 5, (16, 8)).astype(np.float16)
    ref = Am.astype(np.float64) @ Bm.astype(np.float64)
    pk = lambda x, y: int(np.array([x, y], np.float16).view(np.uint32)[0])
    A = np.zeros((32, 4), np.uint32); B = np.zeros((32, 2), np.uint32); E = np.zeros((32, 4), np.float32)
    for l in range(32):
        g, t = l // 4, l % 4
        for r in range(4):
            row, col = g + 8 * (r % 2), 2 * t + 8 * (r // 2)
            A[l, r] = pk(Am[row, col], Am[row, col + 1])
        for r in range(2):
            k = 2 * t + 8 * r
            B[l, r] = pk(Bm[k, g], Bm[k + 1, g])
        for r in range(4):
            E[l, r] = ref[g + 8 * (r // 2), 2 * t + r % 2]
    return {"A": A, "B": B, "E": np.zeros_like(E)}, {"E": E}
