"""Symmetric int8 quantize / dequantize: round (T.round), clamp with
T.max/T.min in float, cast to int8, back to float times a float32 scalar
parameter."""
from tvm_tirx.script import tirx as T
import numpy as np

IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}
N = 256


@T.function
def quant_int8(X: T.Tensor((N,), "float32"), Q: T.Tensor((N,), "int8"),
               D: T.Tensor((N,), "float32"), scale: T.float32):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=128),
                   backend_config=IEEE)
    i = T.cuda.block_idx("x") * 128 + T.cuda.thread_idx("x")
    v = T.round(X[i] / scale)
    q = T.cast(T.max(T.min(v, T.float32(127)), T.float32(-128)), "int8")
    Q[i] = q
    D[i] = T.cast(q, "float32") * scale


def main():
    rng = np.random.default_rng(101)
    X = rng.uniform(-8, 8, N).astype(np.float32)
    scale = np.float32(0.05)
    X[:6] = np.array([0.025, -0.025, 0.075, 100, -100, 0.0], np.float32)
    v = np.rint(X / scale).astype(np.float32)
    q = np.clip(v, -128, 127).astype(np.int8)
    d = (q.astype(np.float32) * scale).astype(np.float32)
    return ({"X": X, "Q": np.zeros(N, np.int8), "D": np.zeros(N, np.float32),
             "scale": scale}, {"Q": q, "D": d})
