"""float64 element arithmetic: + - * /, T.sqrt, casts float64 -> float32
(round to nearest), float64 -> int64 (truncation), int64 -> float64."""
from tvm_tirx.script import tirx as T
import numpy as np

IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}
N = 128


@T.function
def f64_ops(A: T.Tensor((N,), "float64"), B: T.Tensor((N,), "float64"),
            K: T.Tensor((N,), "int64"),
            DIV: T.Tensor((N,), "float64"), SQ: T.Tensor((N,), "float64"),
            F32: T.Tensor((N,), "float32"), I64: T.Tensor((N,), "int64"),
            FK: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N),
                   backend_config=IEEE)
    i = T.cuda.thread_idx("x")
    DIV[i] = (A[i] - B[i]) / (B[i] * T.float64(3))
    SQ[i] = T.sqrt(T.fabs(A[i]))
    F32[i] = T.cast(A[i] * T.float64(1e10), "float32")
    I64[i] = T.cast(A[i] * T.float64(1e12), "int64")
    FK[i] = T.cast(K[i], "float64") + T.float64(0.5)


def main():
    rng = np.random.default_rng(203)
    A = rng.standard_normal(N) * 100
    B = rng.uniform(0.5, 9, N) * rng.choice([-1, 1], N)
    K = rng.integers(-2**62, 2**62, N, dtype=np.int64)
    K[:2] = [2**53 + 1, -(2**53) - 3]
    out = {"DIV": (A - B) / (B * 3.0),
           "SQ": np.sqrt(np.abs(A)),
           "F32": (A * 1e10).astype(np.float32),
           "I64": np.trunc(A * 1e12).astype(np.int64),
           "FK": K.astype(np.float64) + 0.5}
    ins = {"A": A, "B": B, "K": K}
    ins.update({k: np.zeros_like(v) for k, v in out.items()})
    return ins, out
