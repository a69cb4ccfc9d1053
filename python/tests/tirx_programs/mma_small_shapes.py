"""The less-used mma.sync shapes in one K = 32 warp loop each: m16n8k4
tf32 (8 steps, f32 accumulate), m16n8k8 f16 with an f16 accumulator
(4 steps, D = C chained through f16x2 words), and m16n8k32 e4m3 x e4m3
with an f16 accumulator (sm_89+), fragments gathered from row-major A and
N-major B^T tensors (16-bit and 8-bit data passed as uint32 words); integer-valued data, exact in every accumulator."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes


@T.function
def small(A: T.Tensor((16, 32), "float32"), Bt: T.Tensor((8, 32), "float32"),
          Ahw: T.Tensor((16, 16), "uint32"), Bhw: T.Tensor((8, 16), "uint32"),
          A8w: T.Tensor((16, 8), "uint32"), B8w: T.Tensor((8, 8), "uint32"),
          D1: T.Tensor((16, 8), "float32"), D2w: T.Tensor((16, 4), "uint32"), D3w: T.Tensor((16, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    l = T.cuda.thread_idx("x")
    g = l // 4
    q = l % 4
    a = T.alloc_local((4,), "uint32")
    b = T.alloc_local((2,), "uint32")
    c = T.alloc_local((4,), "float32")
    h = T.alloc_local((2,), "uint32")
    for i in T.unroll(4):
        c[i] = T.float32(0)
    for ks in T.serial(8):
        a[0] = T.reinterpret(A[g, 4 * ks + q], ty="uint32")
        a[1] = T.reinterpret(A[g + 8, 4 * ks + q], ty="uint32")
        b[0] = T.reinterpret(Bt[g, 4 * ks + q], ty="uint32")
        T.ptx.mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32(
            c[0], c[1], c[2], c[3], a[0], a[1], b[0], c[0], c[1], c[2], c[3])
    for i in T.unroll(4):
        D1[g + 8 * (i // 2), 2 * q + i % 2] = c[i]
    h[0] = T.uint32(0)
    h[1] = T.uint32(0)
    for ks in T.serial(4):
        a[0] = Ahw[g, 4 * ks + q]
        a[1] = Ahw[g + 8, 4 * ks + q]
        b[0] = Bhw[g, 4 * ks + q]
        T.ptx.mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16(h[0], h[1], a[0], a[1], b[0], h[0], h[1])
    D2w[g, q] = h[0]
    D2w[g + 8, q] = h[1]
    a[0] = A8w[g, q]
    a[1] = A8w[g + 8, q]
    a[2] = A8w[g, q + 4]
    a[3] = A8w[g + 8, q + 4]
    b[0] = B8w[g, q]
    b[1] = B8w[g, q + 4]
    h[0] = T.uint32(0x3C003C00)
    h[1] = T.uint32(0xBC00BC00)
    T.ptx.mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16(h[0], h[1], a[0], a[1], a[2], a[3], b[0], b[1], h[0], h[1])
    D3w[g, q] = h[0]
    D3w[g + 8, q] = h[1]


def main():
    rng = np.random.default_rng(813)
    A = rng.integers(-8, 9, (16, 32)).astype(np.float32)
    Bt = rng.integers(-8, 9, (8, 32)).astype(np.float32)
    Ah = rng.integers(-4, 5, (16, 32)).astype(np.float16)
    Bh = rng.integers(-4, 5, (8, 32)).astype(np.float16)
    A8f = rng.integers(-4, 5, (16, 32)).astype(np.float32)
    B8f = rng.integers(-4, 5, (8, 32)).astype(np.float32)
    A8 = A8f.astype(ml_dtypes.float8_e4m3fn).view(np.uint8)
    B8 = B8f.astype(ml_dtypes.float8_e4m3fn).view(np.uint8)
    D1 = (A.astype(np.float64) @ Bt.T).astype(np.float32)
    D2 = (Ah.astype(np.float64) @ Bh.astype(np.float64).T).astype(np.float16)
    bias = np.where(np.arange(16)[:, None] < 8, 1.0, -1.0)
    D3 = (A8f.astype(np.float64) @ B8f.T + bias).astype(np.float16)
    u = lambda x: np.ascontiguousarray(x).view(np.uint32)
    return ({"A": A, "Bt": Bt, "Ahw": u(Ah), "Bhw": u(Bh), "A8w": u(A8), "B8w": u(B8),
             "D1": np.zeros((16, 8), np.float32), "D2w": np.zeros((16, 4), np.uint32), "D3w": np.zeros((16, 4), np.uint32)},
            {"D1": D1, "D2w": u(D2), "D3w": u(D3)})
