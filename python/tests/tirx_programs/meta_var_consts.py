"""Compile-time values: T.meta_var of a folded constant and of an
expression alias, a module-level Python list indexed by a constant, a
`T.constexpr` branch on a module flag (the other branch dropped), shapes
from module constants. (TIRx does not index a Python list by a loop
variable: 'list indices must be integers or slices, not Var'.)"""
from tvm_tirx.script import tirx as T
import numpy as np

TAPS = 5
W = [1, -2, 3, -2, 1]
N = 64
USE_BIAS = True
BIAS = 17


@T.function
def fir(A: T.Tensor((N + TAPS - 1,), "int32"), B: T.Tensor((N,), "int32"),
        C: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    scale = T.meta_var(TAPS * 2 + 1)
    j = T.meta_var(i + 1)
    acc = T.local_scalar("int32", 0)
    for k in T.unroll(TAPS):
        acc = acc + A[i + k] * (k - 2) * (k - 2)
    if T.constexpr(USE_BIAS):
        acc = acc + BIAS
    else:
        acc = acc - 1000
    B[i] = acc * scale
    C[i] = j * W[2] + W[1]


def main():
    A = np.random.default_rng(401).integers(-100, 100, N + TAPS - 1).astype(np.int32)
    B = np.array([(sum(A[i + k] * (k - 2) ** 2 for k in range(TAPS)) + BIAS) * 11
                  for i in range(N)], np.int32)
    C = (np.arange(N) + 1) * 3 - 2
    return ({"A": A, "B": np.zeros(N, np.int32), "C": np.zeros(N, np.int32)},
            {"B": B, "C": C.astype(np.int32)})
