"""Binary operations on kernel values of different dtypes with no explicit
cast, which TIRx promotes: int32 + uint32 and int32 < uint32 (both as
uint32: -1 < 5u is false), float32 + float16 (float32), int64 * int32
(int64, past 2**31), int8 + int32 (int32), float64 * float32 (float64),
int32 * float32 (float32), and a uint32 index mixed with an int32 one in a
2-D subscript."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def mixp(A: T.Tensor((N,), "int32"), U: T.Tensor((N,), "uint32"),
         F: T.Tensor((N,), "float32"), H: T.Tensor((N,), "float16"),
         L: T.Tensor((N,), "int64"), S: T.Tensor((N,), "int8"),
         D: T.Tensor((N,), "float64"),
         O: T.Tensor((N, 3), "int32"), FO: T.Tensor((N, 2), "float32"),
         LO: T.Tensor((N,), "int64"), DO: T.Tensor((N,), "float64"),
         G: T.Tensor((4, 8), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    O[i, 0] = T.cast(A[i] + U[i], "int32")
    O[i, 1] = T.cast(A[i] < U[i], "int32")
    O[i, 2] = S[i] + A[i]
    FO[i, 0] = F[i] + H[i]
    FO[i, 1] = A[i] * F[i]
    LO[i] = L[i] * A[i]
    DO[i] = D[i] * F[i]
    G[i // 8, T.cast(i % 8, "uint32")] = i * 3


def main():
    rng = np.random.default_rng(31)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    A[:4] = [-1, 5, -7, 0]
    U = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    U[:4] = [5, 4294967295, 3, 0]
    F = rng.standard_normal(N).astype(np.float32)
    H = rng.standard_normal(N).astype(np.float16)
    L = rng.integers(-2**40, 2**40, N, dtype=np.int64)
    S = rng.integers(-128, 128, N).astype(np.int8)
    D = rng.standard_normal(N)
    O = np.stack([(A.view(np.uint32) + U).view(np.int32),
                  (A.view(np.uint32) < U).astype(np.int32),
                  S.astype(np.int32) + A], 1).astype(np.int32)
    FO = np.stack([F + H.astype(np.float32), A.astype(np.float32) * F], 1).astype(np.float32)
    LO = L * A.astype(np.int64)
    DO = D * F.astype(np.float64)
    G = (np.arange(N) * 3).reshape(4, 8).astype(np.int32)
    return ({"A": A, "U": U, "F": F, "H": H, "L": L, "S": S, "D": D,
             "O": np.zeros((N, 3), np.int32), "FO": np.zeros((N, 2), np.float32),
             "LO": np.zeros(N, np.int64), "DO": np.zeros(N, np.float64),
             "G": np.zeros((4, 8), np.int32)},
            {"O": O, "FO": FO, "LO": LO, "DO": DO, "G": G})
