"""`continue` in a for loop (skip negatives) and a nested loop whose inner
loop breaks: per lane, the sum of non-negative entries, and the count of
rows of a (4, 8) slab whose first zero comes before column 4."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def cont(A: T.Tensor((32, 16), "int32"), Z: T.Tensor((32, 4, 8), "int32"),
         S: T.Tensor((32,), "int32"), C: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    acc = T.local_scalar("int32", 0)
    for i in range(16):
        if A[lane, i] < 0:
            continue
        acc = acc + A[lane, i]
    S[lane] = acc
    cnt = T.local_scalar("int32", 0)
    for r in range(4):
        for c in range(8):
            if Z[lane, r, c] == 0:
                if c < 4:
                    cnt = cnt + 1
                break
    C[lane] = cnt


def main():
    rng = np.random.default_rng(305)
    A = rng.integers(-20, 20, (32, 16)).astype(np.int32)
    Z = rng.integers(0, 4, (32, 4, 8)).astype(np.int32)
    S = np.where(A < 0, 0, A).sum(axis=1).astype(np.int32)
    C = np.zeros(32, np.int32)
    for l in range(32):
        for r in range(4):
            zs = np.flatnonzero(Z[l, r] == 0)
            if zs.size and zs[0] < 4:
                C[l] += 1
    return ({"A": A, "Z": Z, "S": np.zeros(32, np.int32), "C": np.zeros(32, np.int32)},
            {"S": S, "C": C})
