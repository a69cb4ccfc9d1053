"""float64 T.sin, T.cos and T.tan, which TIRx prints as the CUDA math
library's sin, cos and tan, over 2,048 inputs: small and medium
arguments, multiples of pi/2 and near them, and huge ones up to 1e308
(|x| >= 2^31 takes nvcc's Payne-Hanek reduction, whose loop runs 3 or 4
trips by the exponent, over every exponent to 2^1023), with zeros,
subnormals, infinities and NaN; one block per 32 x 2 slice."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

LANE = T.cuda.Axis.laneid
ULP = 2  # nvcc's double functions against a long double reference.
BLOCKS = 32
ROWS = BLOCKS * 32


@T.function(private=True)
def sin_(x: T.float64) -> T.float64:
    return T.sin(x)


@T.function(private=True)
def cos_(x: T.float64) -> T.float64:
    return T.cos(x)


@T.function(private=True)
def tan_(x: T.float64) -> T.float64:
    return T.tan(x)


@T.function
def math_double_trig(A: T.Tensor((ROWS, 2), "float64"),
                     S: T.Tensor((ROWS, 2), "float64"),
                     C: T.Tensor((ROWS, 2), "float64"),
                     TN: T.Tensor((ROWS, 2), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=BLOCKS, block=32),
                   backend_config=IEEE)
    bx = T.cuda.block_idx("x")
    lay = T.TileLayout(T.S[(32, 2):(1 @ LANE, 1)])
    r = T.alloc_local((32, 2), "float64", layout=lay)
    s = T.alloc_local((32, 2), "float64", layout=lay)
    T.cuda.tile.apply(T.ptx["ld.global.v2.b64"], r, A[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.ewise(sin_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], S[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(cos_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], C[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(tan_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], TN[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")


def main():
    rng = np.random.default_rng(37)
    n = ROWS * 2
    k = rng.integers(-40, 40, n // 8).astype(np.float64)
    # Inputs made by exact operations only: powers of two times [1, 2)
    # over every exponent from 2^-1022 to 2^1023, and multiples of a
    # double near pi/2 (the rounding of k * 1.5707963267948966 is exact
    # IEEE arithmetic, the same on every host).
    x = np.concatenate([
        rng.uniform(-4, 4, n // 4), rng.uniform(-1e6, 1e6, n // 8),
        k * 1.5707963267948966,
        np.ldexp(rng.uniform(1, 2, n // 4), rng.integers(-1022, 1024,
                                                         n // 4)),
        np.ldexp(rng.uniform(-2, 2, n // 4), rng.integers(31, 1024,
                                                          n // 4))])
    special = np.array([0.0, -0.0, 5e-324, -5e-324, 2.2e-308, np.inf,
                        -np.inf, np.nan, 1.0, -1.0, 2.0**31, -2.0**31,
                        2.0**31 - 1, 1.7976931348623157e308,
                        -1.7976931348623157e308, 3.141592653589793])
    x[:special.size] = special
    x = x.reshape(ROWS, 2)
    lx = x.astype(np.longdouble)
    with np.errstate(all="ignore"):
        want = {"S": np.sin(lx), "C": np.cos(lx), "TN": np.tan(lx)}
        want = {k: v.astype(np.float64) for k, v in want.items()}
    inputs = {"A": x}
    inputs.update({k: np.zeros_like(x) for k in want})
    return inputs, want
