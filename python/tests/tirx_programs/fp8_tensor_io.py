"""float8_e4m3fn and float8_e5m2 tensors passed as ml_dtypes arrays: read,
widen to float32, scale by 2, narrow back (exact), and write."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes


@T.function
def f8io(A: T.Tensor((64,), "float8_e4m3fn"), B: T.Tensor((64,), "float8_e5m2"),
         OA: T.Tensor((64,), "float8_e4m3fn"), OB: T.Tensor((64,), "float8_e5m2"),
         S: T.Tensor((64,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    i = T.cuda.thread_idx("x")
    OA[i] = T.cast(T.cast(A[i], "float32") * T.float32(0.5), "float8_e4m3fn")
    OB[i] = T.cast(T.cast(B[i], "float32") * T.float32(2.0), "float8_e5m2")
    S[i] = T.cast(A[i], "float32") + T.cast(B[i], "float32")


def main():
    e4, e5 = ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2
    rng = np.random.default_rng(8)
    A = (rng.integers(-8, 8, 64) * 2.0 ** rng.integers(-3, 4, 64)).astype(e4)
    B = (rng.integers(-4, 4, 64) * 2.0 ** rng.integers(-3, 4, 64)).astype(e5)
    OA = (A.astype(np.float32) * 0.5).astype(e4)
    OB = (B.astype(np.float32) * 2.0).astype(e5)
    S = (A.astype(np.float32) + B.astype(np.float32)).astype(np.float32)
    return ({"A": A, "B": B, "OA": np.zeros(64, e4), "OB": np.zeros(64, e5), "S": np.zeros(64, np.float32)},
            {"OA": OA, "OB": OB, "S": S})
