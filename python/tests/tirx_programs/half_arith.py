"""float16 element arithmetic (each op rounded to half), casts float16 <->
float32 (round to nearest even), and a float32 product of widened halves."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def half_arith(A: T.Tensor((N,), "float16"), B: T.Tensor((N,), "float16"),
               F: T.Tensor((N,), "float32"),
               MUL: T.Tensor((N,), "float16"), ADD: T.Tensor((N,), "float16"),
               SUB: T.Tensor((N,), "float16"), WIDE: T.Tensor((N,), "float32"),
               NARROW: T.Tensor((N,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    MUL[i] = A[i] * B[i]
    ADD[i] = A[i] + B[i]
    SUB[i] = A[i] - B[i] * T.float16(2)
    WIDE[i] = T.cast(A[i], "float32") * T.cast(B[i], "float32")
    NARROW[i] = T.cast(F[i], "float16")


def main():
    rng = np.random.default_rng(201)
    A = rng.uniform(-100, 100, N).astype(np.float16)
    B = rng.uniform(-10, 10, N).astype(np.float16)
    F = (rng.standard_normal(N) * 1000).astype(np.float32)
    F[:4] = [70000.0, -1e-8, 65519.0, 65520.0]
    a, b = A.astype(np.float64), B.astype(np.float64)
    with np.errstate(over="ignore"):
        out = {"MUL": (a * b).astype(np.float16),
               "ADD": (a + b).astype(np.float16),
               # b * 2 is exact in half, so one rounding (no fma question).
               "SUB": (a - b * 2).astype(np.float16),
               "WIDE": (A.astype(np.float32) * B.astype(np.float32)),
               "NARROW": F.astype(np.float16)}
    ins = {"A": A, "B": B, "F": F}
    ins.update({k: np.zeros_like(v) for k, v in out.items()})
    return ins, out
