"""float64 math functions: T.exp, T.log, T.log2, T.log10, T.log1p,
T.sqrt, T.tanh, T.sinh, T.cosh, T.asin, T.acos, T.atan, T.erf, T.sigmoid,
T.atan2 and T.hypot of float64 values, which TIRx prints as the CUDA math
library's double functions (exp, ...), over 2,048 inputs: random values
across the functions' ranges and the special ones (zeros, subnormals,
infinities, NaN, +-1), one block per 32 x 2 slice."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's, and the H200 outputs in h200/ came
# from this build.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

LANE = T.cuda.Axis.laneid
ULP = 2  # nvcc's double functions against a long double reference.
BLOCKS = 32
ROWS = BLOCKS * 32

@T.function(private=True)
def exp_(x: T.float64) -> T.float64:
    return T.exp(x)

@T.function(private=True)
def log_(x: T.float64) -> T.float64:
    return T.log(x)

@T.function(private=True)
def log2_(x: T.float64) -> T.float64:
    return T.log2(x)

@T.function(private=True)
def log10_(x: T.float64) -> T.float64:
    return T.log10(x)

@T.function(private=True)
def log1p_(x: T.float64) -> T.float64:
    return T.log1p(x)

@T.function(private=True)
def sqrt_(x: T.float64) -> T.float64:
    return T.sqrt(x)

@T.function(private=True)
def tanh_(x: T.float64) -> T.float64:
    return T.tanh(x)

@T.function(private=True)
def sinh_(x: T.float64) -> T.float64:
    return T.sinh(x)

@T.function(private=True)
def cosh_(x: T.float64) -> T.float64:
    return T.cosh(x)

@T.function(private=True)
def asin_(x: T.float64) -> T.float64:
    return T.asin(x)

@T.function(private=True)
def acos_(x: T.float64) -> T.float64:
    return T.acos(x)

@T.function(private=True)
def atan_(x: T.float64) -> T.float64:
    return T.atan(x)

@T.function(private=True)
def erf_(x: T.float64) -> T.float64:
    return T.erf(x)

@T.function(private=True)
def sigmoid_(x: T.float64) -> T.float64:
    return T.sigmoid(x)

@T.function(private=True)
def atan2_(x: T.float64, y: T.float64) -> T.float64:
    return T.atan2(x, y)

@T.function(private=True)
def hypot_(x: T.float64, y: T.float64) -> T.float64:
    return T.hypot(x, y)

@T.function
def math_double(A: T.Tensor((ROWS, 2), "float64"),
                B: T.Tensor((ROWS, 2), "float64"),
                E: T.Tensor((ROWS, 2), "float64"),
                L: T.Tensor((ROWS, 2), "float64"),
                L2: T.Tensor((ROWS, 2), "float64"),
                L10: T.Tensor((ROWS, 2), "float64"),
                LP: T.Tensor((ROWS, 2), "float64"),
                SQ: T.Tensor((ROWS, 2), "float64"),
                TH: T.Tensor((ROWS, 2), "float64"),
                SH: T.Tensor((ROWS, 2), "float64"),
                CH: T.Tensor((ROWS, 2), "float64"),
                AS: T.Tensor((ROWS, 2), "float64"),
                AC: T.Tensor((ROWS, 2), "float64"),
                AT: T.Tensor((ROWS, 2), "float64"),
                ER: T.Tensor((ROWS, 2), "float64"),
                SG: T.Tensor((ROWS, 2), "float64"),
                A2: T.Tensor((ROWS, 2), "float64"),
                HY: T.Tensor((ROWS, 2), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=BLOCKS, block=32),
                   backend_config=IEEE)
    bx = T.cuda.block_idx("x")
    lay = T.TileLayout(T.S[(32, 2):(1 @ LANE, 1)])
    r = T.alloc_local((32, 2), "float64", layout=lay)
    q = T.alloc_local((32, 2), "float64", layout=lay)
    s = T.alloc_local((32, 2), "float64", layout=lay)
    T.cuda.tile.apply(T.ptx["ld.global.v2.b64"], r, A[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.v2.b64"], q, B[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.ewise(exp_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], E[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(log_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], L[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(log2_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], L2[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(log10_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], L10[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(log1p_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], LP[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(sqrt_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], SQ[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(tanh_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], TH[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(sinh_, s, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], SH[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(cosh_, s, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], CH[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(asin_, s, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], AS[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(acos_, s, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], AC[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(atan_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], AT[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(erf_, s, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], ER[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(sigmoid_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], SG[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(atan2_, s, r, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], A2[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(hypot_, s, r, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v2.b64"], HY[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")


def main():
    rng = np.random.default_rng(31)
    n = ROWS * 2
    # Inputs made by exact operations only (numpy's exp and log differ in
    # the last bit between hosts, e.g. with and without AVX-512): values
    # spread over 2^-1009 .. 2^1010 are exact powers of two times [1, 2).
    x = np.concatenate([
        rng.uniform(-1, 8, n // 4), rng.uniform(-40, 40, n // 4),
        np.ldexp(rng.uniform(1, 2, n // 4), rng.integers(-1009, 1010,
                                                         n // 4)),
        rng.standard_normal(n // 4) * 1e-6])
    y = np.concatenate([
        rng.uniform(-1.1, 1.1, n // 2), rng.uniform(-700, 700, n // 4),
        rng.standard_normal(n // 4) * 1e-9])
    special = np.array([0.0, -0.0, 5e-324, -5e-324, 2.2e-308, np.inf,
                        -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 709.78,
                        -745.1, 1e300, -3.0])
    x[:special.size] = special
    y[:special.size] = special[::-1]
    x, y = x.reshape(ROWS, 2), y.reshape(ROWS, 2)
    lx, ly = x.astype(np.longdouble), y.astype(np.longdouble)
    erf = np.vectorize(__import__("math").erf)
    with np.errstate(all="ignore"):
        want = {"E": np.exp(lx), "L": np.log(lx), "L2": np.log2(lx),
                "L10": np.log10(lx), "LP": np.log1p(lx), "SQ": np.sqrt(lx),
                "TH": np.tanh(lx), "SH": np.sinh(ly), "CH": np.cosh(ly),
                "AS": np.arcsin(ly), "AC": np.arccos(ly), "AT": np.arctan(lx),
                "ER": erf(y), "SG": 1 / (1 + np.exp(-x)),
                "A2": np.arctan2(lx, ly), "HY": np.hypot(lx, ly)}
        want = {k: v.astype(np.float64) for k, v in want.items()}
    inputs = {"A": x, "B": y}
    inputs.update({k: np.zeros_like(x) for k in want})
    return inputs, want
