"""How TIRx types Python literals next to kernel values: a float literal is
a float32 constant, widened where the other operand is float64
(D * 0.1 multiplies by (double)0.1f, D + 1e-30 adds (double)1e-30f); an
int literal past int32 is int64 and widens the int32 operand
(A * 3000000000 is a 64-bit product); a float condition `if F[i]:` tests
nonzero; T.Select of a float and a typed zero; an int32 value times 0.5 is a
float32 product. (A literal that is subnormal or zero in float32, 1e-300,
is where TIRx's kernel goes wrong: nvcc reads its `0x1.56e1fc2f8f359p-997f`
as +inf, measured on an H100; tile-mlir keeps float32's value, 0.)"""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def lt(F: T.Tensor((N,), "float32"), A: T.Tensor((N,), "int32"),
       D: T.Tensor((N,), "float64"), L: T.Tensor((N,), "int64"),
       Q: T.Tensor((N, 2), "float64"), P: T.Tensor((N, 2), "int64"),
       O: T.Tensor((N, 3), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    Q[i, 0] = D[i] * 0.1
    Q[i, 1] = D[i] + 1e-30
    P[i, 0] = L[i] + 10000000000
    P[i, 1] = T.cast(A[i] * 3000000000, "int64")
    O[i, 0] = T.Select(A[i] > 0, F[i], T.float32(0))
    O[i, 1] = T.float32(0)
    if F[i]:
        O[i, 1] = T.float32(1)
    O[i, 2] = A[i] * 0.5


def main():
    rng = np.random.default_rng(71)
    F = rng.standard_normal(N).astype(np.float32)
    F[::3] = 0
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    D = rng.standard_normal(N) * 1e-290
    D[:4] = [1.0, 3.0, -7.0, 0.5]
    L = rng.integers(-2**62, 2**62, N, dtype=np.int64)
    Q = np.stack([D * np.float64(np.float32(0.1)), D + np.float64(np.float32(1e-30))], 1)
    P = np.stack([L + 10000000000, A.astype(np.int64) * 3000000000], 1)
    O = np.stack([np.where(A > 0, F, 0), (F != 0).astype(np.float32),
                  A.astype(np.float32) * np.float32(0.5)], 1).astype(np.float32)
    return ({"F": F, "A": A, "D": D, "L": L, "Q": np.zeros((N, 2)), "P": np.zeros((N, 2), np.int64),
             "O": np.zeros((N, 3), np.float32)}, {"Q": Q, "P": P, "O": O})
