"""uint64 arithmetic with run-time operands: //, %, *, comparisons above
2**63, uint64 -> float64 and float64 -> uint64 casts."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def u64d(A: T.Tensor((32,), "uint64"), B: T.Tensor((32,), "uint64"),
         O: T.Tensor((32, 4), "uint64"), F: T.Tensor((32,), "float64"), G: T.Tensor((32,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    O[i, 0] = a // b
    O[i, 1] = a % b
    O[i, 2] = a * b
    O[i, 3] = T.Select(a > b, a - b, b - a)
    F[i] = T.cast(a, "float64")
    G[i] = T.cast(F[i] * T.float64(0.5), "uint64")


def main():
    rng = np.random.default_rng(23)
    A = rng.integers(0, 2**63, 32, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    B = rng.integers(1, 2**40, 32, dtype=np.uint64)
    B[:8] = rng.integers(2**62, 2**63, 8, dtype=np.uint64) * np.uint64(2)
    a = [int(x) for x in A]; b = [int(x) for x in B]
    O = np.array([[x // y, x % y, (x * y) % 2**64, abs(x - y)] for x, y in zip(a, b)], np.uint64)
    F = A.astype(np.float64)
    G = np.array([int(f * 0.5) for f in F], np.uint64)
    return ({"A": A, "B": B, "O": np.zeros((32, 4), np.uint64), "F": np.zeros(32), "G": np.zeros(32, np.uint64)},
            {"O": O, "F": F, "G": G})
