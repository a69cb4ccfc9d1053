"""Stores whose value dtype differs from the tensor's, with no T.cast: TIRx
converts on the store as C does (int32 -> float32, int32 -> int8 low byte,
float32 -> float16 rounding, bool -> int32, float32 -> float64,
int32 -> uint8, int32 -> bool, float32 -> int32 truncation), also when
initialising local scalars of another dtype."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def isc(A: T.Tensor((N,), "int32"), F: T.Tensor((N,), "float32"),
        FI: T.Tensor((N,), "float32"), I8: T.Tensor((N,), "int8"),
        H: T.Tensor((N,), "float16"), B: T.Tensor((N,), "int32"),
        D: T.Tensor((N,), "float64"), U: T.Tensor((N,), "uint8"),
        Q: T.Tensor((N,), "bool"), X: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    FI[i] = A[i]
    I8[i] = A[i]
    H[i] = F[i] * T.float32(3)
    B[i] = A[i] > 0
    D[i] = F[i]
    U[i] = -A[i]
    Q[i] = A[i]
    x = T.local_scalar("float32", A[i])
    y = T.local_scalar("int32", F[i])
    X[i] = x + T.cast(y, "float32")


def main():
    rng = np.random.default_rng(51)
    A = rng.integers(-100000, 100000, N).astype(np.int32)
    A[:3] = [0, 16777217, -129]
    F = (rng.standard_normal(N) * 1000).astype(np.float32)
    return ({"A": A, "F": F, "FI": np.zeros(N, np.float32), "I8": np.zeros(N, np.int8),
             "H": np.zeros(N, np.float16), "B": np.zeros(N, np.int32), "D": np.zeros(N, np.float64),
             "U": np.zeros(N, np.uint8), "Q": np.zeros(N, bool), "X": np.zeros(N, np.float32)},
            {"FI": A.astype(np.float32), "I8": A.astype(np.int8), "H": (F * np.float32(3)).astype(np.float16),
             "B": (A > 0).astype(np.int32), "D": F.astype(np.float64), "U": (-A).astype(np.uint8),
             "Q": A != 0, "X": (A.astype(np.float32) + np.trunc(F)).astype(np.float32)})
