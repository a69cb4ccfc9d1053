"""A bool tensor parameter as a mask (read in conditions and T.Select),
and a bool output written from a comparison."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def masked(A: T.Tensor((N,), "float32"), M: T.Tensor((N,), "bool"),
           B: T.Tensor((N,), "float32"), P: T.Tensor((N,), "bool")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    B[i] = T.Select(M[i], A[i], T.float32(0))
    if M[i]:
        B[i] = B[i] + T.float32(1)
    P[i] = A[i] > T.float32(0) and not M[i]


def main():
    rng = np.random.default_rng(507)
    A = rng.standard_normal(N).astype(np.float32)
    M = rng.random(N) < 0.5
    B = np.where(M, A + np.float32(1), np.float32(0)).astype(np.float32)
    P = (A > 0) & ~M
    return ({"A": A, "M": M, "B": np.zeros(N, np.float32), "P": np.zeros(N, bool)},
            {"B": B, "P": P})
