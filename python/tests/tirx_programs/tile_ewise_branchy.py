"""T.cuda.tile.ewise with a scalar function with a local binding and
T.if_then_else (TIRx 0.1.0a4 itself fails on if/else bodies: 'If' object has no attribute 'cond'), a broadcast scalar kernel argument, and an int32 tile, at
thread scope over (8,) local tiles."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function(private=True)
def leaky(x: T.float32, slope: T.float32) -> T.float32:
    y = x * slope
    return T.if_then_else(x > T.float32(0), x, y)


@T.function(private=True)
def clamp_i(x: T.int32, hi: T.int32) -> T.int32:
    y = x * 3
    return T.min(T.max(y, -hi), hi)


@T.function
def tile_ewise(X: T.Tensor((32, 8), "float32"), I: T.Tensor((32, 8), "int32"),
               slope: T.float32, Y: T.Tensor((32, 8), "float32"),
               J: T.Tensor((32, 8), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    r = T.alloc_local((8,), "float32", layout="default")
    q = T.alloc_local((8,), "int32", layout="default")
    for k in T.unroll(8):
        r[k] = X[t, k]
        q[k] = I[t, k]
    T.cuda.tile.ewise(leaky, r, r, slope)
    T.cuda.tile.ewise(clamp_i, q, q, T.int32(100))
    for k in T.unroll(8):
        Y[t, k] = r[k]
        J[t, k] = q[k]


def main():
    rng = np.random.default_rng(35)
    X = rng.standard_normal((32, 8)).astype(np.float32)
    I = rng.integers(-60, 60, (32, 8)).astype(np.int32)
    s = np.float32(0.125)
    return ({"X": X, "I": I, "slope": s, "Y": np.zeros_like(X), "J": np.zeros_like(I)},
            {"Y": np.where(X > 0, X, X * s).astype(np.float32),
             "J": np.clip(I * 3, -100, 100).astype(np.int32)})
