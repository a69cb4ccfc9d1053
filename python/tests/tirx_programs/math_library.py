"""T.log10, T.log1p, T.erf, T.pow (with a kernel value and a constant
exponent) and T.sigmoid over 8,192 inputs: random values across the
functions' ranges and the special ones (zeros, subnormals, infinities, NaN,
-1 for log1pf, negative bases with integer and non-integer exponents for
powf), one block per 32 x 4 slice."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's, and the H200 outputs in h200/ came
# from this build.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

LANE = T.cuda.Axis.laneid
ULP = 4  # nvcc's powf & co. against the float64 reference.
BLOCKS = 64
ROWS = BLOCKS * 32


@T.function(private=True)
def log10_(x: T.float32) -> T.float32:
    return T.log10(x)


@T.function(private=True)
def log1p_(x: T.float32) -> T.float32:
    return T.log1p(x)


@T.function(private=True)
def erf_(x: T.float32) -> T.float32:
    return T.erf(x)


@T.function(private=True)
def pow_(x: T.float32, y: T.float32) -> T.float32:
    return T.pow(x, y)


@T.function(private=True)
def cube(x: T.float32) -> T.float32:
    return T.pow(x, T.float32(3))


@T.function(private=True)
def sigmoid_(x: T.float32) -> T.float32:
    return T.sigmoid(x)


@T.function
def math_library(A: T.Tensor((ROWS, 4), "float32"),
                 B: T.Tensor((ROWS, 4), "float32"),
                 L: T.Tensor((ROWS, 4), "float32"),
                 P: T.Tensor((ROWS, 4), "float32"),
                 E: T.Tensor((ROWS, 4), "float32"),
                 W: T.Tensor((ROWS, 4), "float32"),
                 Q: T.Tensor((ROWS, 4), "float32"),
                 G: T.Tensor((ROWS, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=BLOCKS, block=32),
                   backend_config=IEEE)
    bx = T.cuda.block_idx("x")
    lay = T.TileLayout(T.S[(32, 4):(1 @ LANE, 1)])
    r = T.alloc_local((32, 4), "float32", layout=lay)
    q = T.alloc_local((32, 4), "float32", layout=lay)
    s = T.alloc_local((32, 4), "float32", layout=lay)
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, A[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], q, B[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.ewise(log10_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], L[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(log1p_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], P[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(erf_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], E[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(pow_, s, r, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], W[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(cube, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], Q[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(sigmoid_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], G[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")


def main():
    rng = np.random.default_rng(29)
    n = ROWS * 4
    x = np.concatenate([
        rng.uniform(-1, 4, n // 4), rng.uniform(-30, 30, n // 4),
        np.exp(rng.uniform(-100, 88, n // 4)),
        rng.standard_normal(n // 4) * 1e-3]).astype(np.float32)
    y = np.concatenate([
        rng.uniform(-4, 4, n // 4), rng.integers(-6, 7, n // 4) / 2,
        rng.uniform(-0.5, 0.5, n // 4),
        rng.integers(-3, 4, n // 4)]).astype(np.float32)
    special = np.array([0.0, -0.0, 1e-45, -1e-45, 1e-38, np.inf, -np.inf,
                        np.nan, 1.0, -1.0, -0.5, 2.0, -2.0, 0.875, -8.0,
                        3.0, 1e10, -3.0], np.float32)
    x[:special.size] = special
    y[:special.size] = special[::-1]
    x[special.size:2 * special.size] = special
    y[special.size:2 * special.size] = special
    x, y = x.reshape(ROWS, 4), y.reshape(ROWS, 4)
    dx, dy = x.astype(np.float64), y.astype(np.float64)
    erf = np.vectorize(__import__("math").erf)
    with np.errstate(all="ignore"):
        want = {"L": np.log10(dx), "P": np.log1p(dx), "E": erf(dx),
                "W": np.power(dx, dy), "Q": np.power(dx, 3.0),
                "G": 1 / (1 + np.exp(-dx))}
        want = {k: v.astype(np.float32) for k, v in want.items()}
    inputs = {"A": x, "B": y}
    inputs.update({k: np.zeros_like(x) for k in want})
    return inputs, want
