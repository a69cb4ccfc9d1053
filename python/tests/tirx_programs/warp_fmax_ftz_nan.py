"""T.cuda.warp_max / warp_min / warp_sum of float32 lanes holding NaN,
subnormals and signed zeros, in TIRx's default (--use_fast_math) build:
CUDA's max(float, float) there is max.ftz.f32 (NaN-ignoring, subnormals
flushed to signed zero), the sum add.ftz.f32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def wfm(A: T.Tensor((N,), "float32"), MX: T.Tensor((N,), "float32"),
        MN: T.Tensor((N,), "float32"), SM: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    MX[i] = T.cuda.warp_max(A[i], 4)
    MN[i] = T.cuda.warp_min(A[i], 4)
    SM[i] = T.cuda.warp_sum(A[i], 2)


def ftz(x):
    x = np.float32(x)
    return np.copysign(np.float32(0), x) if (x != 0 and abs(x) < np.finfo(np.float32).tiny) else x


def fmax(a, b):
    a, b = ftz(a), ftz(b)
    if np.isnan(a): return b if not np.isnan(b) else np.float32(np.nan)
    if np.isnan(b): return a
    if a == 0 and b == 0:
        return a if not np.signbit(a) else b
    return max(a, b)


def fmin(a, b):
    a, b = ftz(a), ftz(b)
    if np.isnan(a): return b if not np.isnan(b) else np.float32(np.nan)
    if np.isnan(b): return a
    if a == 0 and b == 0:
        return a if np.signbit(a) else b
    return min(a, b)


def butterfly(v, width, f):
    v = v.copy()
    m = width >> 1
    while m:
        v = np.array([f(v[l], v[(l & ~31) | ((l & 31) ^ m)]) for l in range(len(v))], np.float32)
        m >>= 1
    return v


def main():
    t = np.float32(np.finfo(np.float32).tiny)
    sub = np.float32(3e-39)
    q = [np.nan, 1.0, -2.0, 0.5,  sub, -sub, 0.0, -0.0,  -0.0, 0.0, -sub, sub,
         np.nan, np.nan, 3.0, np.nan,  t, -t, sub, 2 * sub,  -1.0, np.inf, -np.inf, np.nan,
         -0.0, -0.0, -sub, -sub,  1e-38, 1e-39, -1e-38, 7.0]
    A = np.array(q + list(np.random.default_rng(5).standard_normal(32)), np.float32)
    # signed zeros: max(+0, -0) / min(+0, -0) order-independent per PTX (+0 / -0)
    MX = butterfly(A, 4, fmax)
    MN = butterfly(A, 4, fmin)
    SM = np.array([np.float32(ftz(np.float32(ftz(A[l]) + ftz(A[l ^ 1])))) for l in range(N)], np.float32)
    SM[np.isnan(SM)] = np.uint32(0x7FFFFFFF).view(np.float32)  # the GPU's canonical NaN
    return ({"A": A, "MX": np.zeros_like(A), "MN": np.zeros_like(A), "SM": np.zeros_like(A)},
            {"MX": MX, "MN": MN, "SM": SM})
