"""T.acosh, T.asinh, T.atanh and T.nextafter of float32 and float64
values, which TIRx prints as the CUDA math library's acoshf/acosh, ...,
nextafterf/nextafter, over 2,048 inputs: random values across each
function's domain, values near its edges, and the special ones (zeros,
subnormals, infinities, NaN, +-1)."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

# nextafter is exact: a bound below one ulp checks it so, with the NaN
# payloads left to the H200 (CUDA's canonical NaN, not numpy's input).
ULP = {"C32": 3, "S32": 3, "H32": 3, "C64": 2, "S64": 2, "H64": 2,
       "N32": 0.5, "N64": 0.5}
N = 2048


@T.function
def math_inverse_hyperbolic(
        X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
        X64: T.Tensor((N,), "float64"), Y64: T.Tensor((N,), "float64"),
        C32: T.Tensor((N,), "float32"), S32: T.Tensor((N,), "float32"),
        H32: T.Tensor((N,), "float32"), N32: T.Tensor((N,), "float32"),
        C64: T.Tensor((N,), "float64"), S64: T.Tensor((N,), "float64"),
        H64: T.Tensor((N,), "float64"), N64: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=N // 128, block=128),
                   backend_config=IEEE)
    i = T.cuda.block_idx("x") * 128 + T.cuda.thread_idx("x")
    C32[i] = T.acosh(X[i])
    S32[i] = T.asinh(Y[i])
    H32[i] = T.atanh(Y[i])
    N32[i] = T.nextafter(X[i], Y[i])
    C64[i] = T.acosh(X64[i])
    S64[i] = T.asinh(Y64[i])
    H64[i] = T.atanh(Y64[i])
    N64[i] = T.nextafter(X64[i], Y64[i])


def main():
    rng = np.random.default_rng(71)
    q = N // 4
    # Exact inputs: powers of two times [1, 2), and uniform values.
    x = np.concatenate([
        rng.uniform(1, 4, q), rng.uniform(1, 1 + 2.0 ** -10, q),
        np.ldexp(rng.uniform(1, 2, q), rng.integers(0, 1000, q)),
        rng.uniform(-2, 1, q)])
    y = np.concatenate([
        rng.uniform(-1, 1, q),
        np.ldexp(rng.uniform(1, 2, q), rng.integers(-1070, 0, q)) *
        np.where(rng.random(q) < 0.5, -1, 1),
        np.ldexp(rng.uniform(1, 2, q), rng.integers(0, 1000, q)),
        1 - rng.uniform(0, 2.0 ** -20, q)])
    special = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan,
                        5e-324, -5e-324, 1.4e-45, 2.0, 0.5, 1e300, -1e-300])
    x[:special.size], y[:special.size] = special, special[::-1]
    with np.errstate(over="ignore"):  # Past float32's range: infinity.
        x32, y32 = x.astype(np.float32), y.astype(np.float32)
    lx32, ly32 = x32.astype(np.longdouble), y32.astype(np.longdouble)
    lx, ly = x.astype(np.longdouble), y.astype(np.longdouble)
    with np.errstate(all="ignore"):
        want = {"C32": np.arccosh(lx32).astype(np.float32),
                "S32": np.arcsinh(ly32).astype(np.float32),
                "H32": np.arctanh(ly32).astype(np.float32),
                "N32": np.nextafter(x32, y32),
                "C64": np.arccosh(lx).astype(np.float64),
                "S64": np.arcsinh(ly).astype(np.float64),
                "H64": np.arctanh(ly).astype(np.float64),
                "N64": np.nextafter(x, y)}
    inputs = {"X": x32, "Y": y32, "X64": x, "Y64": y}
    inputs.update({k: np.zeros_like(v) for k, v in want.items()})
    return inputs, want
