"""Piecewise functions from chained T.Select / T.if_then_else, float32 and
int32, with comparisons combined by T.And / T.Or and `and`/`or`."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def select_chain(X: T.Tensor((N,), "float32"), I: T.Tensor((N,), "int32"),
                 F: T.Tensor((N,), "float32"), G: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    x = X[i]
    F[i] = T.Select(x < T.float32(-1), T.float32(-1),
                    T.Select(x > T.float32(1), T.float32(1) + x * T.float32(0.25),
                             x * x))
    v = I[i]
    G[i] = T.if_then_else(T.And(v > 0, v % 2 == 0), v // 2,
                          T.if_then_else(T.Or(v < -50, v == 7), -v, v * 3 + 1))


def main():
    rng = np.random.default_rng(107)
    X = rng.uniform(-3, 3, N).astype(np.float32)
    I = rng.integers(-100, 100, N).astype(np.int32)
    I[:3] = [7, -51, 0]
    x = X
    F = np.where(x < -1, np.float32(-1),
                 np.where(x > 1, np.float32(1) + x * np.float32(0.25), x * x)).astype(np.float32)
    v = I.astype(np.int64)
    G = np.where((v > 0) & (v % 2 == 0), v // 2,
                 np.where((v < -50) | (v == 7), -v, v * 3 + 1)).astype(np.int32)
    return ({"X": X, "I": I, "F": np.zeros_like(X), "G": np.zeros_like(I)},
            {"F": F, "G": G})
