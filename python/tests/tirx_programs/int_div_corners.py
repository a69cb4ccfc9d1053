"""Integer division corner cases: // and % by negative constants and
negative kernel values (floor), powers of two on negative numerators,
T.truncdiv / T.truncmod, T.ceildiv of negatives (TIRx prints (a + 4) / 5 + fixup, so a + 4 wraps at INT_MAX), uint32 and uint64 // % by
kernel values, int8 floordiv, and % of INT_MIN."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def divs(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
         U: T.Tensor((N,), "uint32"), W: T.Tensor((N,), "uint64"),
         C: T.Tensor((N,), "int8"), O: T.Tensor((N, 10), "int32"),
         UO: T.Tensor((N, 2), "uint32"), WO: T.Tensor((N, 2), "uint64"),
         CO: T.Tensor((N,), "int8")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    O[i, 0] = a // -7
    O[i, 1] = a % -7
    O[i, 2] = a // 8
    O[i, 3] = a % 8
    O[i, 4] = a // b
    O[i, 5] = a % b
    O[i, 6] = T.truncdiv(a, b)
    O[i, 7] = T.truncmod(a, b)
    O[i, 8] = T.ceildiv(a, 5)
    O[i, 9] = a % 16 - (a >> 31)
    UO[i, 0] = U[i] // T.cast(b * b + 1, "uint32")
    UO[i, 1] = U[i] % T.cast(b * b + 1, "uint32")
    WO[i, 0] = W[i] // T.cast(b * b + 3, "uint64")
    WO[i, 1] = W[i] % T.cast(b * b + 3, "uint64")
    CO[i] = C[i] // T.int8(-3)


def main():
    rng = np.random.default_rng(53)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    B = rng.integers(-50, 50, N).astype(np.int32)
    B[B == 0] = -1
    A[:4] = [-2**31, -1, -8, 2**31 - 1]
    B[:4] = [3, 7, -8, -2]
    U = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    W = rng.integers(0, 2**63, N, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    C = rng.integers(-128, 128, N).astype(np.int8)
    a, b = A.astype(np.int64), B.astype(np.int64)
    tq = np.array([int(x / y) if abs(x) < 2**52 else -(-x // y) if (x < 0) != (y < 0) else x // y
                   for x, y in zip(a.tolist(), b.tolist())], np.int64)
    tq = np.array([(abs(x) // abs(y)) * (1 if (x < 0) == (y < 0) else -1)
                   for x, y in zip(a.tolist(), b.tolist())], np.int64)
    O = np.stack([a // -7, a % -7, a // 8, a % 8, a // b, a % b, tq, a - tq * b,
                  (((a + 4 + 2**31) % 2**32) - 2**31) // 5, a % 16 - (a >> 31)], 1)
    O = (O & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
    den = (b * b + 1).astype(np.uint32)
    UO = np.stack([U // den, U % den], 1).astype(np.uint32)
    wd = (b * b + 3).astype(np.uint64)
    WO = np.stack([W // wd, W % wd], 1)
    CO = (C.astype(np.int64) // -3).astype(np.int8)
    return ({"A": A, "B": B, "U": U, "W": W, "C": C, "O": np.zeros((N, 10), np.int32),
             "UO": np.zeros((N, 2), np.uint32), "WO": np.zeros((N, 2), np.uint64),
             "CO": np.zeros(N, np.int8)}, {"O": O, "UO": UO, "WO": WO, "CO": CO})
