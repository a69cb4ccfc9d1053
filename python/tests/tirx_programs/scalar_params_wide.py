"""Scalar parameters of the dtypes not in scalar_params: float64, int64,
uint64, uint8, int16, float16, bool — each combined with tensor elements."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def sparams(X: T.Tensor((N,), "float64"), I: T.Tensor((N,), "int64"),
            a: T.float64, b: T.int64, c: T.uint64, d: T.uint8, e: T.int16,
            h: T.float16, flag: T.bool,
            Y: T.Tensor((N,), "float64"), J: T.Tensor((N,), "int64"),
            U: T.Tensor((N,), "uint64"), K: T.Tensor((N,), "int32"),
            H: T.Tensor((N,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    Y[i] = X[i] * a + T.float64(1)
    J[i] = I[i] * b - T.int64(5)
    U[i] = T.cast(I[i], "uint64") ^ c
    K[i] = T.cast(d, "int32") * 3 + T.cast(e, "int32")
    if flag:
        H[i] = h * T.cast(i, "float16")
    else:
        H[i] = h


def main():
    rng = np.random.default_rng(43)
    X = rng.standard_normal(N)
    I = rng.integers(-2**40, 2**40, N).astype(np.int64)
    a, b = np.float64(1.0 / 3.0), np.int64(3_000_000_007)
    c, d, e, h = np.uint64(0xF0F0F0F0F0F0F0F0), np.uint8(200), np.int16(-300), np.float16(0.375)
    from fractions import Fraction
    # nvcc contracts X * a + 1 into one fma.rn.f64 (its default -fmad=true).
    Y = np.array([float(Fraction(float(x)) * Fraction(float(a)) + 1) for x in X])
    J = I * b - 5  # wraps in int64 like the GPU
    U = I.view(np.uint64) ^ c
    K = np.full(N, 200 * 3 - 300, np.int32)
    H = (h * np.arange(N).astype(np.float16)).astype(np.float16)
    return ({"X": X, "I": I, "a": a, "b": b, "c": c, "d": d, "e": e, "h": h,
             "flag": np.bool_(True), "Y": np.zeros_like(X), "J": np.zeros_like(I),
             "U": np.zeros(N, np.uint64), "K": np.zeros(N, np.int32),
             "H": np.zeros(N, np.float16)},
            {"Y": Y, "J": J, "U": U, "K": K, "H": H})
