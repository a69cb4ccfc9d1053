"""Typed literal constructors of narrow types: T.float8_e4m3fn(1.5) and
T.float8_e5m2(-3.0) stored into fp8 tensors, and an int8x4 vector from T.reinterpret of an int32 XORed with an
int8x4 Ramp load (both reinterpreted back to int32)."""
from tvm_tirx.script import tirx as T
import numpy as np
N = 8
@T.function
def fp8_lits(Q: T.Tensor((N,), "float8_e4m3fn"), R: T.Tensor((N,), "float8_e5m2"), A: T.Tensor((N * 4,), "int8"), D: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    Q[i] = T.float8_e4m3fn(1.5)
    R[i] = T.float8_e5m2(-3.0)
    a = T.reinterpret(T.int32(0x01020304) + i, ty="int8x4")
    b = A[T.Ramp(i * 4, 1, 4)]
    D[i] = T.reinterpret(a, ty="int32") ^ T.reinterpret(b, ty="int32")
def main():
    import ml_dtypes
    A = np.random.default_rng(1130).integers(-128, 128, N * 4).astype(np.int8)
    D = np.array([(0x01020304 + i) ^ int(A[4 * i:4 * i + 4].view(np.int32)[0]) for i in range(N)], np.int32)
    return ({"Q": np.zeros(N, ml_dtypes.float8_e4m3fn), "R": np.zeros(N, ml_dtypes.float8_e5m2), "A": A,
             "D": np.zeros(N, np.int32)},
            {"Q": np.full(N, 1.5, ml_dtypes.float8_e4m3fn), "R": np.full(N, -3.0, ml_dtypes.float8_e5m2), "D": D})
