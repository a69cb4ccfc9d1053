"""Vector values lane by lane: a product plus a broadcast constant on
float32x4 lanes read through T.Ramp (nvcc contracts each lane's a * b + c
into one fma), integer lanes shifted and xored, and a strided T.Ramp
(stride N) that scatters the lanes of one thread across rows."""
from tvm_tirx.script import tirx as T
import numpy as np
from fractions import Fraction

N = 32


@T.function
def vmath(A: T.Tensor((N * 4,), "float32"), B: T.Tensor((N * 4,), "float32"),
          X: T.Tensor((N * 4,), "int32"), C: T.Tensor((N * 4,), "float32"),
          I: T.Tensor((4 * N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    v = A[T.Ramp(t * 4, 1, 4)]
    w = B[T.Ramp(t * 4, 1, 4)]
    C[T.Ramp(t * 4, 1, 4)] = v * w + T.Broadcast(T.float32(0.1), 4)
    x = X[T.Ramp(t * 4, 1, 4)]
    I[T.Ramp(t, N, 4)] = (x << T.Broadcast(T.int32(3), 4)) ^ T.Broadcast(T.int32(0x55), 4)


def fma32(a, b, c):
    """float32 fma: a * b + c rounded once, to nearest even (exact rational
    arithmetic; the nearest of the float32 values around the sum)."""
    exact = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    x = np.float32(float(exact))
    around = [np.nextafter(x, np.float32(-np.inf)), x,
              np.nextafter(x, np.float32(np.inf))]
    return min(around, key=lambda y: (abs(Fraction(float(y)) - exact),
                                      int(np.float32(y).view(np.uint32)) & 1))


def main():
    rng = np.random.default_rng(4931)
    A = rng.standard_normal(N * 4).astype(np.float32)
    B = rng.standard_normal(N * 4).astype(np.float32)
    X = rng.integers(-2 ** 28, 2 ** 28, N * 4).astype(np.int32)
    c = np.float32(0.1)
    C = np.array([fma32(a, b, c) for a, b in zip(A, B)], np.float32)
    lanes = ((X.astype(np.int64) << 3) & 0xFFFFFFFF).astype(np.uint32).view(np.int32) ^ np.int32(0x55)
    I = np.zeros(4 * N, np.int32)
    for t in range(N):
        for k in range(4):
            I[t + N * k] = lanes[t * 4 + k]
    return ({"A": A, "B": B, "X": X, "C": np.zeros_like(A), "I": np.zeros(4 * N, np.int32)},
            {"C": C, "I": I})
