"""Classification by a chain of nested T.if_then_else over float16 inputs
(NaN, infinities, zeros of both signs, subnormals) producing int8 codes,
a T.Select on a uint8 flag tensor choosing between float16 and a float32
computation cast back, and T.if_then_else returning a bool that gates an
int64 result."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def itec(X: T.Tensor((N,), "float16"), F: T.Tensor((N,), "uint8"), K: T.Tensor((N,), "int8"),
         Y: T.Tensor((N,), "float16"), Z: T.Tensor((N,), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    x = X[i]
    K[i] = T.if_then_else(x != x, T.int8(-1),
             T.if_then_else(x == T.float16(0), T.int8(0),
               T.if_then_else(x > T.float16(65504), T.int8(9),
                 T.if_then_else(x < T.float16(-65504), T.int8(-9),
                   T.if_then_else(T.abs(x) < T.float16(6.103515625e-05), T.int8(3),
                     T.if_then_else(x > T.float16(0), T.int8(1), T.int8(2)))))))
    Y[i] = T.Select(F[i] > T.uint8(127), x * T.float16(2), T.cast(T.cast(x, "float32") * T.float32(0.25), "float16"))
    pos = T.if_then_else(x > T.float16(0), T.bool(True), T.bool(False))
    Z[i] = T.if_then_else(pos, T.int64(1) << T.int64(40), T.int64(-7))


def main():
    rng = np.random.default_rng(1117)
    X = (rng.standard_normal(N) * 100).astype(np.float16)
    X[:10] = [np.nan, np.inf, -np.inf, 0.0, -0.0, 6e-8, -3e-6, 6.1e-5, 65504, -65504]
    F = rng.integers(0, 256, N).astype(np.uint8)
    K = np.zeros(N, np.int8); Y = np.zeros(N, np.float16); Z = np.zeros(N, np.int64)
    with np.errstate(all="ignore"):
        for i in range(N):
            x = np.float16(X[i]); xf = float(x)
            if x != x: K[i] = -1
            elif xf == 0: K[i] = 0
            elif xf > 65504: K[i] = 9
            elif xf < -65504: K[i] = -9
            elif abs(xf) < 6.103515625e-05: K[i] = 3
            elif xf > 0: K[i] = 1
            else: K[i] = 2
            Y[i] = np.float16(xf * 2) if F[i] > 127 else np.float16(np.float32(xf) * np.float32(0.25))
            Z[i] = (1 << 40) if xf > 0 else -7
    return {"X": X, "F": F, "K": np.zeros(N, np.int8), "Y": np.zeros(N, np.float16), "Z": np.zeros(N, np.int64)}, {"K": K, "Y": Y, "Z": Z}
