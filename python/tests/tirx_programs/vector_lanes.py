"""Vector-typed values: a float32x4 load through T.Ramp indices, T.Broadcast
of a scalar, lane-wise arithmetic on the vector and a Ramp-indexed store, next
to the same computation written as a T.vectorized loop."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def vlanes(A: T.Tensor((N * 4,), "float32"), B: T.Tensor((N * 4,), "float32"), C: T.Tensor((N * 4,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    v = A[T.Ramp(t * 4, 1, 4)]
    B[T.Ramp(t * 4, 1, 4)] = v * T.Broadcast(T.float32(2), 4) + T.Broadcast(T.float32(1), 4)
    for k in T.vectorized(4):
        C[t * 4 + k] = A[t * 4 + k] - T.float32(3)


def main():
    A = (np.random.default_rng(492).integers(-100, 100, N * 4) / 4).astype(np.float32)
    return ({"A": A, "B": np.zeros_like(A), "C": np.zeros_like(A)},
            {"B": (A * 2 + 1).astype(np.float32), "C": (A - 3).astype(np.float32)})
