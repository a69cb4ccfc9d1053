"""T.fabs, T.floor, T.ceil, T.trunc, T.round, T.exp10 and T.sigmoid over
4,096 inputs: random values across the functions' ranges, halves and
integers (the rounding ties), and the special ones (zeros, subnormals,
infinities, NaN, exp10's overflow and underflow edges), one block per
32 x 4 slice."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's, and the H200 outputs in h200/ came
# from this build.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

LANE = T.cuda.Axis.laneid
ULP = 3  # nvcc's exp10f and the sigmoid against the float64 reference.
BLOCKS = 32


@T.function(private=True)
def f_abs(x: T.float32) -> T.float32:
    return T.fabs(x)


@T.function(private=True)
def f_floor(x: T.float32) -> T.float32:
    return T.floor(x)


@T.function(private=True)
def f_ceil(x: T.float32) -> T.float32:
    return T.ceil(x)


@T.function(private=True)
def f_trunc(x: T.float32) -> T.float32:
    return T.trunc(x)


@T.function(private=True)
def f_round(x: T.float32) -> T.float32:
    return T.round(x)


@T.function(private=True)
def f_exp10(x: T.float32) -> T.float32:
    return T.exp10(x)


@T.function(private=True)
def f_sigmoid(x: T.float32) -> T.float32:
    return T.sigmoid(x)


@T.function
def math_round_exp10(A: T.Tensor((BLOCKS * 32, 4), "float32"),
                     B: T.Tensor((BLOCKS * 32, 4), "float32"),
                     F: T.Tensor((BLOCKS * 32, 4), "float32"),
                     C: T.Tensor((BLOCKS * 32, 4), "float32"),
                     R: T.Tensor((BLOCKS * 32, 4), "float32"),
                     N: T.Tensor((BLOCKS * 32, 4), "float32"),
                     X: T.Tensor((BLOCKS * 32, 4), "float32"),
                     S: T.Tensor((BLOCKS * 32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=BLOCKS, block=32),
                   backend_config=IEEE)
    bx = T.cuda.block_idx("x")
    r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    s = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r,
                      A[bx * 32:bx * 32 + 32, :], scope="warp")
    T.cuda.tile.ewise(f_abs, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(f_floor, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], F[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(f_ceil, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], C[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(f_trunc, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], R[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(f_round, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], N[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(f_exp10, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], X[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(f_sigmoid, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], S[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")


def main():
    rng = np.random.default_rng(23)
    n = BLOCKS * 32 * 4
    x = np.concatenate([
        rng.uniform(-46, 39, n // 4), rng.uniform(-20, 20, n // 4),
        np.round(rng.uniform(-64, 64, n // 4) * 2) / 2,
        rng.standard_normal(n // 4) * 1e-3]).astype(np.float32)
    special = np.array([0.0, -0.0, 1e-45, -1e-45, 1e-38, np.inf, -np.inf,
                        np.nan, 0.5, -0.5, 1.5, 2.5, -2.5, 8388607.5,
                        16777217.0, 38.53184, 38.53185, -37.9297, -45.4,
                        -88.8, 88.8, 3e38, -3e38], np.float32)
    x[:special.size] = special
    x = x.reshape(BLOCKS * 32, 4)
    d = x.astype(np.float64)
    with np.errstate(over="ignore"):
        ex = np.power(10.0, d).astype(np.float32)
        # expf(-x) overflows to inf in float32 below -88.72 (1 / inf: 0).
        e32 = np.exp(-d).astype(np.float32).astype(np.float64)
        sg = (1.0 / (1.0 + e32)).astype(np.float32)
    names = "BFCRNXS"
    inputs = {"A": x, **{k: np.zeros_like(x) for k in names}}
    return inputs, {"B": np.abs(x), "F": np.floor(x), "C": np.ceil(x),
                    "R": np.trunc(x), "N": np.rint(x), "X": ex, "S": sg}
