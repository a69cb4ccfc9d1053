"""TIRx's default build (NVRTC with --use_fast_math) over 4,096 inputs
per function, element by element: float32 `*`, `+` and `a * b + c` flush
subnormal inputs and results to zero (.ftz); `/` is div.approx.ftz.f32,
`1 / x` rcp.approx.ftz.f32, T.sqrt sqrt.approx.ftz.f32, and T.exp, T.sin,
T.log nvcc's fast-math sequences (ex2.approx, sin.approx, lg2.approx).
The expected values: the flushed arithmetic exactly, the approximations
within the error bounds CUDA documents for its fast-math intrinsics; the
H200 run (utils/tirx_parity.py) compares bit for bit with TIRx's kernel."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 4096
BLOCK = 128
# Error bounds (ulp) of CUDA's fast-math functions on these inputs:
# __expf 2 + floor(|1.173 x|) for |x| <= 10; __sinf 2^-21.41 absolute for
# sin(x) >= 0.47; __logf 2^-21.41 absolute; x / y 2 ulp; 1 / x 1 ulp;
# sqrt.approx 1 ulp. The flushed arithmetic is exact.
ULP = {"EXP": 14, "SIN": 12, "LOG": 4, "DIV": 2, "RCP": 1, "SQRT": 1,
       "MUL": 0, "ADD": 0, "FMA": 0}


@T.function
def math_fast(A: T.Tensor((N,), "float32"), B: T.Tensor((N,), "float32"),
              C: T.Tensor((N,), "float32"), S: T.Tensor((N,), "float32"),
              U: T.Tensor((N,), "float32"),
              EXP: T.Tensor((N,), "float32"), SIN: T.Tensor((N,), "float32"),
              LOG: T.Tensor((N,), "float32"), DIV: T.Tensor((N,), "float32"),
              RCP: T.Tensor((N,), "float32"), SQRT: T.Tensor((N,), "float32"),
              MUL: T.Tensor((N,), "float32"), ADD: T.Tensor((N,), "float32"),
              FMA: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=N // BLOCK, block=BLOCK))
    i = T.cuda.block_idx("x") * BLOCK + T.cuda.thread_idx("x")
    EXP[i] = T.exp(A[i])
    SIN[i] = T.sin(B[i])
    LOG[i] = T.log(C[i])
    DIV[i] = A[i] / B[i]
    RCP[i] = T.float32(1) / C[i]
    SQRT[i] = T.sqrt(C[i])
    MUL[i] = S[i] * U[i]
    ADD[i] = S[i] + U[i]
    FMA[i] = A[i] * B[i] + S[i]


def ftz(x):
    """float32 values with subnormals flushed to zero of the same sign."""
    x = np.asarray(x, np.float32)
    return np.where(np.abs(x) < np.float32(2.0 ** -126),
                    np.copysign(np.float32(0), x), x).astype(np.float32)


def main():
    rng = np.random.default_rng(41)
    A = rng.uniform(-10, 10, N).astype(np.float32)
    B = rng.uniform(0.5, 2.5, N).astype(np.float32)
    C = rng.uniform(4, 100, N).astype(np.float32)
    # Subnormal and small normal operands, so that inputs and results flush.
    S = (rng.uniform(-4, 4, N) * 2.0 ** -126).astype(np.float32)
    U = rng.uniform(-3, 3, N).astype(np.float32)
    U[: N // 4] = (rng.uniform(-4, 4, N // 4) * 2.0 ** -126)
    a64, b64, c64 = (x.astype(np.float64) for x in (A, B, C))
    s, u = ftz(S), ftz(U)
    want = {"EXP": np.exp(a64), "SIN": np.sin(b64), "LOG": np.log(c64),
            "DIV": a64 / b64, "RCP": 1 / c64, "SQRT": np.sqrt(c64),
            "MUL": ftz(s * u), "ADD": ftz(s + u),
            # One rounding of the exact a * b plus the flushed S.
            "FMA": a64 * b64 + s.astype(np.float64)}
    outs = {k: np.zeros(N, np.float32) for k in want}
    return ({"A": A, "B": B, "C": C, "S": S, "U": U, **outs},
            {k: np.asarray(v).astype(np.float32) for k, v in want.items()})
