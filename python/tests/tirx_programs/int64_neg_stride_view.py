"""int64 index arithmetic from scalar parameters: a gather with an int64
base offset and a negative int64 stride (reversed, strided walk), a 2D
index whose row pitch is an int64 parameter, and index math mixing the
int32 thread id with int64 values (promotion to int64)."""
from tvm_tirx.script import tirx as T
import numpy as np

N, M = 64, 4096


@T.function
def negstride(A: T.Tensor((M,), "float32"), base: T.int64, stride: T.int64, pitch: T.int64,
              B: T.Tensor((N,), "float32"), C: T.Tensor((N,), "float32"), I: T.Tensor((N,), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    idx = base + T.cast(t, "int64") * stride
    I[t] = idx
    B[t] = A[idx]
    r = T.cast(t // 8, "int64")
    c = T.cast(t % 8, "int64")
    C[t] = A[r * pitch + c * T.int64(3) + T.int64(1)]


def main():
    A = np.random.default_rng(1116).standard_normal(M).astype(np.float32)
    base, stride, pitch = 4000, -61, 500
    t = np.arange(N)
    idx = base + t * stride
    return ({"A": A, "base": np.int64(base), "stride": np.int64(stride), "pitch": np.int64(pitch),
             "B": np.zeros(N, np.float32), "C": np.zeros(N, np.float32), "I": np.zeros(N, np.int64)},
            {"B": A[idx], "C": A[(t // 8) * pitch + (t % 8) * 3 + 1], "I": idx.astype(np.int64)})
