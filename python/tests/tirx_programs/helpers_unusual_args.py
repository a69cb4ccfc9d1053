"""@T.inline helpers called with unusual arguments: tensors plus a row and
offsets with keyword defaults (init=100) and all-keyword calls in another order,
a helper with a local scalar accumulator over a loop of the caller's length,
a tuple return unpacked by the caller, a Python lambda as an argument, and a
dtype string that the helper allocates a local array of and returns."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.inline
def dot(a, b, row, n, ao=0, bo=0, init=0):
    s = T.local_scalar("int32")
    s = init
    for k in T.serial(n):
        s = s + a[row, ao + k] * b[row, bo + k]
    return s


@T.inline
def minmax(x, y):
    return T.min(x, y), T.max(x, y)


@T.inline
def apply(f, x):
    return f(x) + f(x + 1)


@T.inline
def zeros(dtype, n):
    buf = T.alloc_local((n,), dtype)
    for i in T.unroll(n):
        buf[i] = T.cast(i * 3, dtype)
    return buf


@T.function
def helpers_unusual_args(A: T.Tensor((32, 8), "int32"), B: T.Tensor((32, 8), "int32"), O: T.Tensor((32, 8), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    O[t, 0] = dot(A, B, t, 8)
    O[t, 1] = dot(A, B, t, 4, 2, 4, init=100)
    lo, hi = minmax(A[t, 0], B[t, 0])
    O[t, 2] = lo
    O[t, 3] = hi
    O[t, 4] = apply(lambda v: v * v, A[t, 1])
    z = zeros("int16", 4)
    O[t, 5] = T.cast(z[3], "int32") + t
    O[t, 6] = dot(A, A, t, 3, ao=5, bo=5) + t
    O[t, 7] = dot(n=2, b=B, a=A, row=t, bo=6, ao=6)


def main():
    rng = np.random.default_rng(7)
    A = rng.integers(-50, 50, (32, 8)).astype(np.int32)
    B = rng.integers(-50, 50, (32, 8)).astype(np.int32)
    O = np.zeros((32, 8), np.int32)
    t = np.arange(32)
    O[:, 0] = (A * B).sum(1)
    O[:, 1] = (A[:, 2:6] * B[:, 4:8]).sum(1) + 100
    O[:, 2] = np.minimum(A[:, 0], B[:, 0])
    O[:, 3] = np.maximum(A[:, 0], B[:, 0])
    O[:, 4] = A[:, 1] ** 2 + (A[:, 1] + 1) ** 2
    O[:, 5] = 9 + t
    O[:, 6] = (A[:, 5:8] ** 2).sum(1) + t
    O[:, 7] = (A[:, 6:8] * B[:, 6:8]).sum(1)
    return {"A": A, "B": B, "O": np.zeros_like(O)}, {"O": O}
