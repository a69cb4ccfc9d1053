"""T.ldexp(x, n) of float32 and float64 values with int32 exponents (a
kernel value and a constant), which TIRx prints as ldexpf(x, n) and
ldexp(x, n): nvcc's code clamps n and multiplies by powers of two. Over
1,024 inputs: random values and exponents that overflow, underflow into
the subnormals and past them, and the special values (zeros, subnormals,
infinities, NaN)."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's (ldexp is exact but for its one
# rounding into the subnormals).
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

# Exact: a bound below one ulp checks it so, with NaN payloads left to the
# H200.
ULP = {"L32": 0.5, "C32": 0.5, "L64": 0.5, "C64": 0.5}
N = 1024


@T.function
def math_ldexp(X: T.Tensor((N,), "float32"), X64: T.Tensor((N,), "float64"),
               E: T.Tensor((N,), "int32"),
               L32: T.Tensor((N,), "float32"), C32: T.Tensor((N,), "float32"),
               L64: T.Tensor((N,), "float64"),
               C64: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=N // 128, block=128),
                   backend_config=IEEE)
    i = T.cuda.block_idx("x") * 128 + T.cuda.thread_idx("x")
    L32[i] = T.ldexp(X[i], E[i])
    C32[i] = T.ldexp(X[i], -140)
    L64[i] = T.ldexp(X64[i], E[i])
    C64[i] = T.ldexp(X64[i], 1000)


def main():
    rng = np.random.default_rng(83)
    x64 = np.ldexp(rng.uniform(-2, 2, N), rng.integers(-60, 60, N))
    e = np.concatenate([rng.integers(-300, 300, N // 2),
                        rng.integers(-2200, 2200, N // 4),
                        rng.integers(-2 ** 31, 2 ** 31 - 1, N // 4)])
    special = np.array([0.0, -0.0, 1.4e-45, -5e-324, np.inf, -np.inf,
                        np.nan, 1.0, 3.0, 0.75])
    x64[:special.size] = special
    e[:4] = [2 ** 31 - 1, -2 ** 31, 0, 128]
    e = e.astype(np.int32)
    with np.errstate(over="ignore"):
        x32 = x64.astype(np.float32)
    with np.errstate(all="ignore"):
        want = {"L32": np.ldexp(x32, e), "C32": np.ldexp(x32, -140),
                "L64": np.ldexp(x64, e), "C64": np.ldexp(x64, 1000)}
    inputs = {"X": x32, "X64": x64, "E": e}
    inputs.update({k: np.zeros_like(v) for k, v in want.items()})
    return inputs, want
