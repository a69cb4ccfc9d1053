"""Scalar .f16 PTX chains on uint16 registers: add.rn.f16, sub.rn.f16,
mul.rn.f16, fma.rn.f16, min.f16, max.NaN.f16, neg.f16, abs.f16. Inputs are multiples of 1/64
below 8, so every product and sum is exact in float64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def f16s(A: T.Tensor((N,), "uint16"), B: T.Tensor((N,), "uint16"), O: T.Tensor((N, 8), "uint16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    h = T.local_scalar("uint16")
    a = A[i]
    b = B[i]
    T.ptx.add.rn.f16(h, a, b)
    O[i, 0] = h
    T.ptx.sub.rn.f16(h, a, b)
    O[i, 1] = h
    T.ptx.mul.rn.f16(h, a, b)
    O[i, 2] = h
    T.ptx.fma.rn.f16(h, a, b, a)
    O[i, 3] = h
    T.ptx.min.f16(h, a, b)
    O[i, 4] = h
    T.ptx.max.NaN.f16(h, a, b)
    O[i, 5] = h
    T.ptx.neg.f16(h, a)
    O[i, 6] = h
    T.ptx.abs.f16(h, b)
    O[i, 7] = h


def main():
    rng = np.random.default_rng(423)
    nz = np.array([k for k in range(-500, 500) if k != 0])
    A = (rng.choice(nz, N) / 64).astype(np.float16)
    B = (rng.choice(nz, N) / 64).astype(np.float16)
    a, b = A.astype(np.float64), B.astype(np.float64)
    O = np.stack([(a + b).astype(np.float16), (a - b).astype(np.float16),
                  (a * b).astype(np.float16), (a * b + a).astype(np.float16),
                  np.minimum(A, B), np.maximum(A, B), -A, np.abs(B)], 1)
    return ({"A": A.view(np.uint16), "B": B.view(np.uint16), "O": np.zeros((N, 8), np.uint16)},
            {"O": O.view(np.uint16)})
