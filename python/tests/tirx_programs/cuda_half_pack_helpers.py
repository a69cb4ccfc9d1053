"""Pointer-style T.cuda conversion helpers: float22half2 (float2 -> half2
through local buffers), float8tohalf8 / half8tofloat8 (8 values through
local arrays), fp8x4_e4m3_from_float4 on exactly representable values, and
T.cuda.fdividef by powers of two (exact)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def halfpack(X: T.Tensor((N, 8), "float32"), H: T.Tensor((N, 8), "float16"),
             Back: T.Tensor((N, 8), "float32"), P: T.Tensor((N,), "uint32"),
             H2: T.Tensor((N, 2), "float16"), D: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    f = T.alloc_local((8,), "float32")
    h = T.alloc_local((8,), "float16")
    g = T.alloc_local((8,), "float32")
    for j in T.unroll(8):
        f[j] = X[t, j]
    T.cuda.float8tohalf8(f.data, h.data)
    T.cuda.half8tofloat8(h.data, g.data)
    for j in T.unroll(8):
        H[t, j] = h[j]
        Back[t, j] = g[j]
    h2 = T.alloc_local((2,), "float16")
    T.cuda.float22half2(h2.data, f.data)
    H2[t, 0] = h2[0]
    H2[t, 1] = h2[1]
    P[t] = T.cuda.fp8x4_e4m3_from_float4(T.float32(1.5), T.float32(-2), T.float32(0.125), T.cast(t % 8, "float32"))
    D[t] = T.cuda.fdividef(X[t, 0], T.float32(4)) + T.cuda.fdividef(X[t, 1], T.float32(0.5))


def main():
    rng = np.random.default_rng(464)
    X = (rng.standard_normal((N, 8)) * 100).astype(np.float32)
    H = X.astype(np.float16)
    e4m3 = {1.5: 0x3C, -2.0: 0xC0, 0.125: 0x20, 0.0: 0x00, 1.0: 0x38, 2.0: 0x40, 3.0: 0x44,
            4.0: 0x48, 5.0: 0x4A, 6.0: 0x4C, 7.0: 0x4E}
    P = np.array([e4m3[1.5] | (e4m3[-2.0] << 8) | (e4m3[0.125] << 16) | (e4m3[float(t % 8)] << 24)
                  for t in range(N)], np.uint32)
    D = (X[:, 0] / np.float32(4) + X[:, 1] * np.float32(2)).astype(np.float32)
    return ({"X": X, "H": np.zeros_like(H), "Back": np.zeros_like(X), "P": np.zeros(N, np.uint32),
             "H2": np.zeros((N, 2), np.float16), "D": np.zeros(N, np.float32)},
            {"H": H, "Back": H.astype(np.float32), "P": P, "H2": H[:, :2].copy(), "D": D})
