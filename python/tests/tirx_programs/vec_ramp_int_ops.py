"""Vector expressions a TIRx vectorizer leaves behind, written directly:
int32x4 loads through T.Ramp, vector shifts by a Ramp, a vector compare
feeding T.Select, T.Broadcast of a scalar parameter, an int16x4 cast, and
a strided (stride 2) Ramp store."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def vint(A: T.Tensor((N * 4,), "int32"), k: T.int32, B: T.Tensor((N * 4,), "int32"),
         C: T.Tensor((N * 8,), "int16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    v = A[T.Ramp(i * 4, 1, 4)]
    s = v >> T.Ramp(0, 1, 4)
    kk = T.Broadcast(k, 4)
    B[T.Ramp(i * 4, 1, 4)] = T.Select(v > kk, s, v * kk)
    C[T.Ramp(i * 8, 2, 4)] = T.cast(v, "int16x4")


def main():
    rng = np.random.default_rng(1111)
    A = rng.integers(-2**20, 2**20, N * 4).astype(np.int32)
    k = -3
    a = A.reshape(N, 4)
    s = a >> np.arange(4)
    B = np.where(a > k, s, a * k).astype(np.int32).reshape(-1)
    C = np.zeros(N * 8, np.int16)
    C.reshape(N, 4, 2)[:, :, 0] = a.astype(np.int16)
    return {"A": A, "k": np.int32(k), "B": np.zeros_like(A), "C": np.zeros(N * 8, np.int16)}, {"B": B, "C": C}
