"""Loops with a uint32 induction variable (T.serial(..., dtype="uint32");
TIRx refuses int64) widened for products past 2**31, T.serial(..., unroll=4), and a two-extent T.grid."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def li64(A: T.Tensor((32, 8), "int64"), O: T.Tensor((32, 3), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    s = T.local_scalar("int64", T.int64(0))
    for k in T.serial(8, dtype="uint32"):
        s = s + A[i, k] * (T.cast(k, "int64") * T.int64(1000000000))
    O[i, 0] = s
    t = T.local_scalar("int64", T.int64(0))
    for k in T.serial(8, unroll=4):
        t = t * T.int64(3) + A[i, k]
    O[i, 1] = t
    u = T.local_scalar("int64", T.int64(0))
    for a, b in T.grid(2, 4):
        u = u + A[i, a * 4 + b] * T.cast(a + 1, "int64") * T.cast(b + 1, "int64")
    O[i, 2] = u


def main():
    A = np.random.default_rng(33).integers(-1000, 1000, (32, 8)).astype(np.int64)
    O = np.zeros((32, 3), np.int64)
    for i in range(32):
        a = [int(x) for x in A[i]]
        O[i, 0] = sum(a[k] * k * 10**9 for k in range(8))
        t = 0
        for k in range(8):
            t = t * 3 + a[k]
        O[i, 1] = t
        O[i, 2] = sum(a[x * 4 + y] * (x + 1) * (y + 1) for x in range(2) for y in range(4))
    return {"A": A, "O": np.zeros((32, 3), np.int64)}, {"O": O}
