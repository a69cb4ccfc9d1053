"""bool tensors as outputs and inputs: comparisons stored into a bool
tensor, T.cast(bool -> int32 / float32), T.logical_and/or/not of bool
elements, a bool local array, and bool != bool (xor)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def bools(A: T.Tensor((N,), "int32"), M: T.Tensor((N,), "bool"),
          B: T.Tensor((N, 3), "bool"), F: T.Tensor((N,), "float32"),
          I: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    loc = T.alloc_local((2,), "bool")
    loc[0] = A[i] > 0
    loc[1] = A[i] % 2 == 0
    B[i, 0] = T.logical_and(loc[0], M[i])
    B[i, 1] = T.logical_or(T.logical_not(loc[1]), M[i])
    B[i, 2] = loc[0] != M[i]
    F[i] = T.cast(loc[0], "float32") * T.float32(2.5)
    I[i] = T.cast(M[i], "int32") + T.cast(loc[1], "int32") * 2


def main():
    rng = np.random.default_rng(52)
    A = rng.integers(-10, 10, N).astype(np.int32)
    M = rng.integers(0, 2, N).astype(np.bool_)
    pos, even = A > 0, A % 2 == 0
    B = np.stack([pos & M, ~even | M, pos != M], 1)
    return ({"A": A, "M": M, "B": np.zeros((N, 3), np.bool_), "F": np.zeros(N, np.float32),
             "I": np.zeros(N, np.int32)},
            {"B": B, "F": pos.astype(np.float32) * np.float32(2.5),
             "I": (M.astype(np.int32) + even.astype(np.int32) * 2)})
