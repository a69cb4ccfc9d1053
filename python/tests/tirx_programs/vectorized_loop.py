"""T.vectorized inner loops over 4 contiguous float32 and int8 elements per
thread (scale, cast), and T.unroll with an explicit start."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def vec(A: T.Tensor((64, 4), "float32"), B: T.Tensor((64, 4), "float32"),
        Q: T.Tensor((64, 4), "int8"), R: T.Tensor((64, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    for v in T.vectorized(4):
        B[t, v] = A[t, v] * T.float32(3)
    for v in T.vectorized(4):
        Q[t, v] = T.cast(A[t, v], "int8")
    for v in T.unroll(1, 4):
        R[t, v] = t * v
    R[t, 0] = -1


def main():
    A = np.random.default_rng(509).integers(-100, 100, (64, 4)).astype(np.float32)
    R = (np.arange(64)[:, None] * np.arange(4)[None, :]).astype(np.int32)
    R[:, 0] = -1
    return ({"A": A, "B": np.zeros_like(A), "Q": np.zeros((64, 4), np.int8),
             "R": np.zeros((64, 4), np.int32)},
            {"B": (A * 3).astype(np.float32), "Q": A.astype(np.int8), "R": R})
