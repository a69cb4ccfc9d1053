"""T.pow of float64 values, which TIRx prints as the CUDA math library's
pow(x, y): nvcc's code calls its internal __internal_accurate_pow, which
the front-end runs inlined. Over 4,096 pairs: random bases and exponents
across the ranges where the result is finite, underflows and overflows,
negative bases with integer and non-integer exponents, and the special
values (zeros, infinities, NaN, +-1, -0.5, odd and even integers)."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

ULP = 2  # nvcc's pow against a long double reference.
N = 4096


@T.function
def math_double_pow(X: T.Tensor((N,), "float64"), Y: T.Tensor((N,), "float64"),
                    P: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=N // 128, block=128),
                   backend_config=IEEE)
    i = T.cuda.block_idx("x") * 128 + T.cuda.thread_idx("x")
    P[i] = T.pow(X[i], Y[i])


def main():
    rng = np.random.default_rng(53)
    q = N // 4
    # Exact inputs: powers of two times [1, 2), integers, and halves.
    x = np.concatenate([
        rng.uniform(0, 4, q),
        np.ldexp(rng.uniform(1, 2, q), rng.integers(-1000, 1000, q)),
        -rng.uniform(0, 3, q),
        rng.uniform(0.5, 2, q)])
    y = np.concatenate([
        rng.uniform(-30, 30, q),
        rng.uniform(-1.5, 1.5, q),
        np.where(rng.random(q) < 0.5, rng.integers(-40, 40, q),
                 rng.integers(-80, 80, q) + 0.5),
        rng.uniform(-2000, 2000, q)])
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0,
                        -0.5, 2.0, 3.0, 5e-324, 1e308])
    sx, sy = np.meshgrid(special, special)
    x[:sx.size], y[:sy.size] = sx.ravel(), sy.ravel()
    with np.errstate(all="ignore"):
        want = np.power(x.astype(np.longdouble),
                        y.astype(np.longdouble)).astype(np.float64)
    return {"X": x, "Y": y, "P": np.zeros(N)}, {"P": want}
