"""Asymmetric uint8 quantization done in integers: q = clamp(x + zp, 0, 255)
with T.max/T.min on int32, stored as uint8; dequantized into int16 as
(q - zp) * s with integer promotion."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def quant_u8(X: T.Tensor((N,), "int32"), Q: T.Tensor((N,), "uint8"),
             R: T.Tensor((N,), "int16"), zp: T.int32):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    q = T.cast(T.min(T.max(X[i] + zp, 0), 255), "uint8")
    Q[i] = q
    R[i] = T.cast((T.cast(q, "int32") - zp) * 3, "int16")


def main():
    rng = np.random.default_rng(102)
    X = rng.integers(-400, 400, N).astype(np.int32)
    zp = 77
    q = np.clip(X.astype(np.int64) + zp, 0, 255).astype(np.uint8)
    r = ((q.astype(np.int64) - zp) * 3).astype(np.int16)
    return ({"X": X, "Q": np.zeros(N, np.uint8), "R": np.zeros(N, np.int16),
             "zp": zp}, {"Q": q, "R": r})
