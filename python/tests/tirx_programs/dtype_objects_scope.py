"""dtypes given as T.float32 / T.int16 objects instead of strings (tensor
parameters, T.alloc_local, T.alloc_shared, T.local_scalar, T.cast), and a
parameter with an explicit scope="global"."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def dto(A: T.Tensor((N,), T.float32), B: T.Tensor((N,), T.int16, scope="global"),
        O: T.Tensor((N,), T.float16), P: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    loc = T.alloc_local((2,), T.float32)
    sh = T.alloc_shared((N,), T.int16)
    acc = T.local_scalar(T.int32, 5)
    sh[t] = B[t]
    T.cuda.cta_sync()
    loc[0] = A[t] * T.float32(2)
    loc[1] = T.cast(sh[N - 1 - t], T.float32)
    O[t] = T.cast(loc[0] + loc[1], T.float16)
    acc = acc + T.cast(sh[t], T.int32)
    P[t] = acc


def main():
    rng = np.random.default_rng(92)
    A = rng.integers(-100, 100, N).astype(np.float32)
    B = rng.integers(-1000, 1000, N).astype(np.int16)
    O = (A * 2 + B[::-1].astype(np.float32)).astype(np.float16)
    return ({"A": A, "B": B, "O": np.zeros(N, np.float16), "P": np.zeros(N, np.int32)},
            {"O": O, "P": (B.astype(np.int32) + 5)})
