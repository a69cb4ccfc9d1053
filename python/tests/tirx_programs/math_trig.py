"""T.sin, T.cos, T.tan, T.asin, T.acos, T.atan, T.sinh, T.cosh, T.atan2
and T.hypot over 8,192 inputs: small and huge arguments (sinf, cosf and
tanf take nvcc's Payne-Hanek path from |x| >= 105615), the special values
(zeros, subnormals, infinities, NaN, +-1 for asinf and acosf), one block
per 32 x 4 slice."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's, and the H200 outputs in h200/ came
# from this build.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

LANE = T.cuda.Axis.laneid
ULP = 4  # nvcc's sinf & co. against the float64 reference (tanf: 4).
BLOCKS = 64
ROWS = BLOCKS * 32


@T.function(private=True)
def sin_(x: T.float32) -> T.float32:
    return T.sin(x)


@T.function(private=True)
def cos_(x: T.float32) -> T.float32:
    return T.cos(x)


@T.function(private=True)
def tan_(x: T.float32) -> T.float32:
    return T.tan(x)


@T.function(private=True)
def asin_(x: T.float32) -> T.float32:
    return T.asin(x)


@T.function(private=True)
def acos_(x: T.float32) -> T.float32:
    return T.acos(x)


@T.function(private=True)
def atan_(x: T.float32) -> T.float32:
    return T.atan(x)


@T.function(private=True)
def sinh_(x: T.float32) -> T.float32:
    return T.sinh(x)


@T.function(private=True)
def cosh_(x: T.float32) -> T.float32:
    return T.cosh(x)


@T.function(private=True)
def atan2_(x: T.float32, y: T.float32) -> T.float32:
    return T.atan2(x, y)


@T.function(private=True)
def hypot_(x: T.float32, y: T.float32) -> T.float32:
    return T.hypot(x, y)


@T.function
def math_trig(A: T.Tensor((ROWS, 4), "float32"),
              B: T.Tensor((ROWS, 4), "float32"),
              S: T.Tensor((ROWS, 4), "float32"),
              C: T.Tensor((ROWS, 4), "float32"),
              N: T.Tensor((ROWS, 4), "float32"),
              AS: T.Tensor((ROWS, 4), "float32"),
              AC: T.Tensor((ROWS, 4), "float32"),
              AT: T.Tensor((ROWS, 4), "float32"),
              SH: T.Tensor((ROWS, 4), "float32"),
              CH: T.Tensor((ROWS, 4), "float32"),
              A2: T.Tensor((ROWS, 4), "float32"),
              HY: T.Tensor((ROWS, 4), "float32")):
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
    T.cuda.tile.ewise(sin_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], S[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(cos_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], C[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(tan_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], N[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(asin_, s, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], AS[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(acos_, s, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], AC[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(atan_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], AT[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(sinh_, s, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], SH[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(cosh_, s, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], CH[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(atan2_, s, r, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], A2[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(hypot_, s, r, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], HY[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")


def main():
    rng = np.random.default_rng(23)
    n = ROWS * 4
    signs = rng.choice([-1.0, 1.0], n // 4)
    x = np.concatenate([
        rng.uniform(-10, 10, n // 4), rng.uniform(-2e5, 2e5, n // 4),
        signs * np.exp(rng.uniform(-100, 88, n // 4)),
        rng.standard_normal(n // 4) * 1e-3]).astype(np.float32)
    y = np.concatenate([
        rng.uniform(-1.1, 1.1, n // 2), rng.uniform(-95, 95, n // 4),
        rng.standard_normal(n // 4) * 1e-4]).astype(np.float32)
    special = np.array([0.0, -0.0, 1e-45, -1e-45, 1e-38, np.inf, -np.inf,
                        np.nan, 1.0, -1.0, 105614.99, 105615.0, 3.4e38,
                        np.pi, -np.pi / 2, 0.5, 89.4, -89.5], np.float32)
    x[:special.size] = special
    y[:special.size] = special[::-1]
    x, y = x.reshape(ROWS, 4), y.reshape(ROWS, 4)
    dx, dy = x.astype(np.float64), y.astype(np.float64)
    with np.errstate(all="ignore"):
        want = {"S": np.sin(dx), "C": np.cos(dx), "N": np.tan(dx),
                "AS": np.arcsin(dy), "AC": np.arccos(dy),
                "AT": np.arctan(dx), "SH": np.sinh(dy), "CH": np.cosh(dy),
                "A2": np.arctan2(dx, dy), "HY": np.hypot(dx, dy)}
        want = {k: v.astype(np.float32) for k, v in want.items()}
    inputs = {"A": x, "B": y}
    inputs.update({k: np.zeros_like(x) for k in want})
    return inputs, want
