"""T.exp, T.tanh, T.log and T.log2 over 8,192 inputs: random values across
the functions' ranges and the special ones (zeros, subnormals, infinities,
NaN, negative numbers, the overflow and underflow edges), one block per
32 x 4 slice."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's, and the H200 outputs in h200/ came
# from this build.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

LANE = T.cuda.Axis.laneid
ULP = 3  # nvcc's expf & co. against the float64 reference.
BLOCKS = 64


@T.function(private=True)
def e(x: T.float32) -> T.float32:
    return T.exp(x)


@T.function(private=True)
def t(x: T.float32) -> T.float32:
    return T.tanh(x)


@T.function(private=True)
def lg(x: T.float32) -> T.float32:
    return T.log(x)


@T.function(private=True)
def lg2(x: T.float32) -> T.float32:
    return T.log2(x)


@T.function
def math_sweep(A: T.Tensor((BLOCKS * 32, 4), "float32"),
               E: T.Tensor((BLOCKS * 32, 4), "float32"),
               H: T.Tensor((BLOCKS * 32, 4), "float32"),
               L: T.Tensor((BLOCKS * 32, 4), "float32"),
               M: T.Tensor((BLOCKS * 32, 4), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=BLOCKS, block=32),
                   backend_config=IEEE)
    bx = T.cuda.block_idx("x")
    r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    s = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
        T.S[(32, 4):(1 @ LANE, 1)]))
    T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r,
                      A[bx * 32:bx * 32 + 32, :], scope="warp")
    T.cuda.tile.ewise(e, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], E[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(t, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], H[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(lg, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], L[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")
    T.cuda.tile.ewise(lg2, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b32"], M[bx * 32:bx * 32 + 32, :],
                      s, scope="warp")


def main():
    rng = np.random.default_rng(17)
    n = BLOCKS * 32 * 4
    x = np.concatenate([
        rng.uniform(-104, 89, n // 4), rng.uniform(-12, 12, n // 4),
        rng.standard_normal(n // 4) * 1e-3,
        np.exp(rng.uniform(-100, 88, n // 4))]).astype(np.float32)
    special = np.array([0.0, -0.0, 1e-45, -1e-45, 1e-38, np.inf, -np.inf,
                        np.nan, 88.72283, 88.72284, -87.33655, -103.97208,
                        -103.97209, 9.010913, 0.6, -0.6], np.float32)
    x[:special.size] = special
    x = x.reshape(BLOCKS * 32, 4)
    with np.errstate(over="ignore"):
        d = x.astype(np.float64)
        ex = np.exp(d).astype(np.float32)
        th = np.tanh(d).astype(np.float32)
    with np.errstate(invalid="ignore", divide="ignore"):
        lg = np.log(d).astype(np.float32)
        lg2 = np.log2(d).astype(np.float32)
    return ({"A": x, "E": np.zeros_like(x), "H": np.zeros_like(x),
             "L": np.zeros_like(x), "M": np.zeros_like(x)},
            {"E": ex, "H": th, "L": lg, "M": lg2})
