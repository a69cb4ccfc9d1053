"""Dtype constructors applied to kernel expressions act as casts in TIRx:
T.uint32(i * 7), T.int64(x) * big, T.float32(i) / 4, T.int8(x) (wraps),
T.uint16(neg), T.float64(f), T.bool(x)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def ctor_cast(A: T.Tensor((N,), "int32"), F: T.Tensor((N,), "float32"),
              U: T.Tensor((N,), "uint32"), L: T.Tensor((N,), "int64"),
              G: T.Tensor((N,), "float32"), I8: T.Tensor((N,), "int8"),
              U16: T.Tensor((N,), "uint16"), D: T.Tensor((N,), "float64"),
              Bo: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    U[i] = T.uint32(A[i]) * T.uint32(7)
    L[i] = T.int64(A[i]) * T.int64(1 << 20)
    G[i] = T.float32(i) / T.float32(4)
    I8[i] = T.int8(A[i])
    U16[i] = T.uint16(A[i])
    D[i] = T.float64(F[i]) * T.float64(3)
    Bo[i] = T.int32(T.bool(A[i] % 3))


def main():
    rng = np.random.default_rng(416)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    F = rng.standard_normal(N).astype(np.float32)
    t = np.arange(N)
    return ({"A": A, "F": F, "U": np.zeros(N, np.uint32), "L": np.zeros(N, np.int64),
             "G": np.zeros(N, np.float32), "I8": np.zeros(N, np.int8), "U16": np.zeros(N, np.uint16),
             "D": np.zeros(N), "Bo": np.zeros(N, np.int32)},
            {"U": (A.view(np.uint32).astype(np.uint64) * 7).astype(np.uint32),
             "L": A.astype(np.int64) * (1 << 20), "G": (t / 4).astype(np.float32),
             "I8": A.astype(np.int8), "U16": A.astype(np.uint16),
             "D": F.astype(np.float64) * 3, "Bo": (np.fmod(A, 3) != 0).astype(np.int32)})
