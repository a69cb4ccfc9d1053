"""A kernel factory as TIRx users write them: a Python function taking
the dtype, size and a tuple of polynomial coefficients returns a
@T.function whose body calls a Python helper that builds Horner's rule over the
coefficients in a Python loop (constants folded at trace time), with the dtype spelled
through the closure in T.Tensor, T.cast and a typed literal; the module
instantiates it for float64."""
from tvm_tirx.script import tirx as T
import numpy as np


def make_poly(dtype, n, coeffs):
    def horner(x):
        acc = T.cast(coeffs[0], dtype)
        for c in coeffs[1:]:
            acc = acc * x + T.cast(c, dtype)
        return acc

    @T.function
    def poly(X: T.Tensor((n,), dtype), Y: T.Tensor((n,), dtype), Z: T.Tensor((n,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=n))
        i = T.cuda.thread_idx("x")
        x = X[i]
        acc = T.local_scalar(dtype, horner(x))
        Y[i] = acc
        Z[i] = T.cast(acc > T.cast(0, dtype), "int32") * len(coeffs)
    return poly


kernel = make_poly("float64", 64, (0.5, -1.25, 3, -0.125, 2))


def main():
    from fractions import Fraction
    X = np.random.default_rng(1118).integers(-64, 64, 64) / 16.0
    Y = np.zeros(64); Z = np.zeros(64, np.int32)
    for i, x in enumerate(X):
        # nvcc contracts acc * x + c into fma.rn.f64: one rounding per step
        acc = 0.5
        for c in (-1.25, 3, -0.125, 2):
            acc = float(Fraction(acc) * Fraction(float(x)) + Fraction(c))
        Y[i] = acc
        Z[i] = 5 if acc > 0 else 0
    return {"X": X, "Y": np.zeros(64), "Z": np.zeros(64, np.int32)}, {"Y": Y, "Z": Z}
