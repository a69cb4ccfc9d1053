"""Nested ifs with elif chains, an early guard on the thread index, and a
compound condition mixing `and`, `or` and `not`."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 100


@T.function
def guard(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=32))
    g = T.cuda.block_idx("x") * 32 + T.cuda.thread_idx("x")
    if g < N:
        v = A[g]
        if v > 50:
            if v % 2 == 0:
                B[g] = 1
            else:
                B[g] = 2
        elif v > 0 and not (v % 5 == 0):
            B[g] = 3
        elif v == 0 or v < -90:
            B[g] = 4
        else:
            B[g] = v * 10


def main():
    A = np.random.default_rng(503).integers(-100, 100, N).astype(np.int32)
    A[:3] = [0, 25, -95]
    want = np.empty(N, np.int32)
    for g, v in enumerate(A.tolist()):
        if v > 50:
            want[g] = 1 if v % 2 == 0 else 2
        elif v > 0 and not (v % 5 == 0):
            want[g] = 3
        elif v == 0 or v < -90:
            want[g] = 4
        else:
            want[g] = v * 10
    return {"A": A, "B": np.zeros(N, np.int32)}, {"B": want}
