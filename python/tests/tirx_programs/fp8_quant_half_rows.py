"""FP8 quantization of float16 activations as FP8 inference kernels write it:
per row, the absmax in half (T.max over the row, 64-trip serial), a half scale
448 / absmax computed in float32 and narrowed, then each element scaled in half
(x * s, __half arithmetic) and converted with T.cast(..., "float8_e4m3fn") (CUDA's
__nv_fp8_e4m3(const __half): satfinite, round to nearest even); also e5m2 of the
raw half values, and the e4m3 codes read back as float16."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

ROWS = 32
N = 64


@T.function
def fp8_quant_half_rows(X: T.Tensor((ROWS, N), "float16"), Q: T.Tensor((ROWS, N), "float8_e4m3fn"),
                        E: T.Tensor((ROWS, N), "float8_e5m2"), Bk: T.Tensor((ROWS, N), "float16"),
                        Sc: T.Tensor((ROWS,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=ROWS))
    r = T.cuda.thread_idx("x")
    amax = T.local_scalar("float16")
    amax = T.float16(0)
    for j in T.serial(N):
        amax = T.max(amax, T.abs(X[r, j]))
    s = T.cast(T.float32(448) / T.cast(amax, "float32"), "float16")
    Sc[r] = s
    for j in T.serial(N):
        Q[r, j] = T.cast(X[r, j] * s, "float8_e4m3fn")
        E[r, j] = T.cast(X[r, j], "float8_e5m2")
        Bk[r, j] = T.cast(Q[r, j], "float16")


def main():
    rng = np.random.default_rng(1019)
    X = (rng.standard_normal((ROWS, N)) * rng.uniform(0.01, 300, (ROWS, 1))).astype(np.float16)
    amax = np.abs(X).max(1)
    # 448 / amax: fast-math float32 division is div.approx; pick rows where the
    # quotient's f16 rounding is unambiguous: the reference uses exact division
    s = (np.float32(448) / amax.astype(np.float32)).astype(np.float16)
    xs = (X * s[:, None]).astype(np.float16)          # __hmul: one rounding to f16
    Q = xs.astype(np.float32).astype(ml_dtypes.float8_e4m3fn)
    # satfinite: values beyond 448 saturate (ml_dtypes gives NaN for e4m3fn overflow)
    big = np.abs(xs.astype(np.float32)) > 464
    Q[big] = np.where(xs[big] > 0, 448, -448).astype(ml_dtypes.float8_e4m3fn)
    E = X.astype(np.float32).astype(ml_dtypes.float8_e5m2)
    Bk = Q.astype(np.float32).astype(np.float16)
    z = np.zeros
    return ({"X": X, "Q": z((ROWS, N), ml_dtypes.float8_e4m3fn), "E": z((ROWS, N), ml_dtypes.float8_e5m2),
             "Bk": z((ROWS, N), np.float16), "Sc": z(ROWS, np.float16)},
            {"Q": Q, "E": E, "Bk": Bk, "Sc": s})
