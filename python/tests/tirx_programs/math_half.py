"""float16 math functions as TIRx prints them: hexp, hexp2, hexp10, hlog,
hlog2, hlog10, hsqrt, hrsqrt, hsin, hcos, htanh, hfloor, hceil, hrint,
htrunc, __habs (CUDA's cuda_fp16.h), htan, hatan, herf and hpow (TIRx's
header: the float function, rounded back to half) and T.sigmoid (half
operators), over 1,024 inputs with zeros, subnormals, infinities and NaN,
one block per 32 x 4 slice."""
from tvm_tirx.script import tirx as T
import numpy as np

# nvcc without --use_fast_math (TIRx's default build has it): the
# expected values are IEEE arithmetic's, and the H200 outputs in h200/ came
# from this build.
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}

LANE = T.cuda.Axis.laneid
ULP = 1  # The functions (correctly rounded here) against the exact value.
BLOCKS = 8
ROWS = BLOCKS * 32

@T.function(private=True)
def exp_(x: T.float16) -> T.float16:
    return T.exp(x)

@T.function(private=True)
def exp2_(x: T.float16) -> T.float16:
    return T.exp2(x)

@T.function(private=True)
def exp10_(x: T.float16) -> T.float16:
    return T.exp10(x)

@T.function(private=True)
def log_(x: T.float16) -> T.float16:
    return T.log(x)

@T.function(private=True)
def log2_(x: T.float16) -> T.float16:
    return T.log2(x)

@T.function(private=True)
def log10_(x: T.float16) -> T.float16:
    return T.log10(x)

@T.function(private=True)
def sqrt_(x: T.float16) -> T.float16:
    return T.sqrt(x)

@T.function(private=True)
def rsqrt_(x: T.float16) -> T.float16:
    return T.rsqrt(x)

@T.function(private=True)
def sin_(x: T.float16) -> T.float16:
    return T.sin(x)

@T.function(private=True)
def cos_(x: T.float16) -> T.float16:
    return T.cos(x)

@T.function(private=True)
def tanh_(x: T.float16) -> T.float16:
    return T.tanh(x)

@T.function(private=True)
def floor_(x: T.float16) -> T.float16:
    return T.floor(x)

@T.function(private=True)
def ceil_(x: T.float16) -> T.float16:
    return T.ceil(x)

@T.function(private=True)
def round_(x: T.float16) -> T.float16:
    return T.round(x)

@T.function(private=True)
def trunc_(x: T.float16) -> T.float16:
    return T.trunc(x)

@T.function(private=True)
def abs_(x: T.float16) -> T.float16:
    return T.abs(x)

@T.function(private=True)
def tan_(x: T.float16) -> T.float16:
    return T.tan(x)

@T.function(private=True)
def atan_(x: T.float16) -> T.float16:
    return T.atan(x)

@T.function(private=True)
def erf_(x: T.float16) -> T.float16:
    return T.erf(x)

@T.function(private=True)
def sigmoid_(x: T.float16) -> T.float16:
    return T.sigmoid(x)

@T.function(private=True)
def pow_(x: T.float16, y: T.float16) -> T.float16:
    return T.pow(x, y)

@T.function
def math_half(A: T.Tensor((ROWS, 4), "float16"),
              B: T.Tensor((ROWS, 4), "float16"),
              EXP: T.Tensor((ROWS, 4), "float16"),
              EXP2: T.Tensor((ROWS, 4), "float16"),
              EXP10: T.Tensor((ROWS, 4), "float16"),
              LOG: T.Tensor((ROWS, 4), "float16"),
              LOG2: T.Tensor((ROWS, 4), "float16"),
              LOG10: T.Tensor((ROWS, 4), "float16"),
              SQRT: T.Tensor((ROWS, 4), "float16"),
              RSQRT: T.Tensor((ROWS, 4), "float16"),
              SIN: T.Tensor((ROWS, 4), "float16"),
              COS: T.Tensor((ROWS, 4), "float16"),
              TANH: T.Tensor((ROWS, 4), "float16"),
              FLOOR: T.Tensor((ROWS, 4), "float16"),
              CEIL: T.Tensor((ROWS, 4), "float16"),
              ROUND: T.Tensor((ROWS, 4), "float16"),
              TRUNC: T.Tensor((ROWS, 4), "float16"),
              ABS: T.Tensor((ROWS, 4), "float16"),
              TAN: T.Tensor((ROWS, 4), "float16"),
              ATAN: T.Tensor((ROWS, 4), "float16"),
              ERF: T.Tensor((ROWS, 4), "float16"),
              SIGMOID: T.Tensor((ROWS, 4), "float16"),
              POW: T.Tensor((ROWS, 4), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=BLOCKS, block=32),
                   backend_config=IEEE)
    bx = T.cuda.block_idx("x")
    lay = T.TileLayout(T.S[(32, 4):(1 @ LANE, 1)])
    r = T.alloc_local((32, 4), "float16", layout=lay)
    q = T.alloc_local((32, 4), "float16", layout=lay)
    s = T.alloc_local((32, 4), "float16", layout=lay)
    T.cuda.tile.apply(T.ptx["ld.global.v4.b16"], r, A[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.v4.b16"], q, B[bx * 32:bx * 32 + 32, :],
                      scope="warp")
    T.cuda.tile.ewise(exp_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      EXP[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(exp2_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      EXP2[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(exp10_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      EXP10[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(log_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      LOG[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(log2_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      LOG2[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(log10_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      LOG10[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(sqrt_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      SQRT[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(rsqrt_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      RSQRT[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(sin_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      SIN[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(cos_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      COS[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(tanh_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      TANH[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(floor_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      FLOOR[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(ceil_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      CEIL[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(round_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      ROUND[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(trunc_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      TRUNC[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(abs_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      ABS[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(tan_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      TAN[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(atan_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      ATAN[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(erf_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      ERF[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(sigmoid_, s, r, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      SIGMOID[bx * 32:bx * 32 + 32, :], s, scope="warp")
    T.cuda.tile.ewise(pow_, s, r, q, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.v4.b16"],
                      POW[bx * 32:bx * 32 + 32, :], s, scope="warp")


def main():
    rng = np.random.default_rng(41)
    n = ROWS * 4
    a = np.concatenate([rng.uniform(-12, 12, n // 2),
                        rng.uniform(-1, 1, n // 4),
                        np.exp(rng.uniform(-16, 11, n // 4))])
    b = np.concatenate([rng.uniform(-4, 4, n // 2),
                        rng.integers(-4, 5, n // 2)])
    special = np.array([0.0, -0.0, 6e-8, -6e-8, 6.1e-5, np.inf, -np.inf,
                        np.nan, 1.0, -1.0, 0.5, 65504.0, 11.09, -17.33,
                        2.5, -2.5], np.float64)
    a[:special.size] = special
    b[:special.size] = special[::-1]
    A = a.astype(np.float16).reshape(ROWS, 4)
    B = b.astype(np.float16).reshape(ROWS, 4)
    x, y = A.astype(np.float64), B.astype(np.float64)
    erf = np.vectorize(__import__("math").erf)

    def sigmoid(h):  # Each half operation rounded to half, as on the GPU.
        e = np.exp((np.float16(0) - h).astype(np.float64)).astype(np.float16)
        return np.float16(1) / (np.float16(1) + e)
    with np.errstate(all="ignore"):
        want = {"EXP": np.exp(x),
                "EXP2": np.exp2(x),
                "EXP10": 10 ** x,
                "LOG": np.log(x),
                "LOG2": np.log2(x),
                "LOG10": np.log10(x),
                "SQRT": np.sqrt(x),
                "RSQRT": 1 / np.sqrt(x),
                "SIN": np.sin(x),
                "COS": np.cos(x),
                "TANH": np.tanh(x),
                "FLOOR": np.floor(x),
                "CEIL": np.ceil(x),
                "ROUND": np.rint(x),
                "TRUNC": np.trunc(x),
                "ABS": np.abs(x),
                "TAN": np.tan(x),
                "ATAN": np.arctan(x),
                "ERF": erf(x),
                "SIGMOID": sigmoid(A),
                "POW": np.power(x, y)}
        want = {k: v.astype(np.float16) for k, v in want.items()}
    inputs = {"A": A, "B": B}
    inputs.update({k: np.zeros_like(A) for k in want})
    return inputs, want
