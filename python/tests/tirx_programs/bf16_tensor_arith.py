"""bfloat16 tensors passed as ml_dtypes.bfloat16 arrays: bf16 kernel
arithmetic (each op rounds to bf16), T.max, casts to/from float32, and a
bf16 output."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes


@T.function
def bfa(A: T.Tensor((32, 2), "bfloat16"), F: T.Tensor((32,), "float32"),
        O: T.Tensor((32, 4), "bfloat16"), W: T.Tensor((32,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    O[i, 0] = A[i, 0] + A[i, 1]
    O[i, 1] = A[i, 0] * A[i, 1]
    O[i, 2] = T.max(A[i, 0], A[i, 1])
    O[i, 3] = T.cast(F[i], "bfloat16")
    W[i] = T.cast(A[i, 0], "float32") * T.float32(2)


def main():
    bf = ml_dtypes.bfloat16
    rng = np.random.default_rng(7)
    A = (rng.integers(-127, 128, (32, 2)) * 2.0 ** rng.integers(-4, 4, (32, 2))).astype(bf)
    F = rng.standard_normal(32).astype(np.float32)
    a0 = A[:, 0].astype(np.float64); a1 = A[:, 1].astype(np.float64)
    O = np.stack([(a0 + a1).astype(np.float32).astype(bf),  # f64 sum exact; one rounding
                  (a0 * a1).astype(np.float32).astype(bf),   # 16-bit product exact in f32
                  np.maximum(a0, a1).astype(bf),
                  F.astype(bf)], 1)
    W = (A[:, 0].astype(np.float32) * 2).astype(np.float32)
    return ({"A": A, "F": F, "O": np.zeros((32, 4), bf), "W": np.zeros(32, np.float32)},
            {"O": O, "W": W})
