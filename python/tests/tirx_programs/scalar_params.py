"""Scalar parameters of several types: float32 alpha (saxpy), int32
offset, uint32 mask, float64 beta and int64 base, used in the body."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def scalars(X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
            I: T.Tensor((N,), "int32"), D: T.Tensor((N,), "float64"),
            L: T.Tensor((N,), "int64"),
            alpha: T.float32, off: T.int32, mask: T.uint32,
            beta: T.float64, base: T.int64):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    Y[i] = alpha * X[i] + Y[i]
    I[i] = T.cast(T.cast(I[i] + off, "uint32") & mask, "int32")
    D[i] = D[i] * beta
    L[i] = base + T.cast(i, "int64") * base


def main():
    rng = np.random.default_rng(303)
    X = rng.integers(-50, 50, N).astype(np.float32)
    Y = rng.integers(-50, 50, N).astype(np.float32)
    I = rng.integers(-1000, 1000, N).astype(np.int32)
    D = rng.standard_normal(N)
    alpha, off, mask, beta, base = 0.5, -17, 0xFF0F, 1.25, 3_000_000_000
    want = {"Y": (np.float32(alpha) * X + Y).astype(np.float32),
            "I": ((I.astype(np.int64) + off) & mask).astype(np.int32),
            "D": D * beta,
            "L": base + np.arange(N, dtype=np.int64) * base}
    return ({"X": X, "Y": Y.copy(), "I": I.copy(), "D": D.copy(),
             "L": np.zeros(N, np.int64), "alpha": alpha, "off": off,
             "mask": mask, "beta": beta, "base": base}, want)
