"""Unsigned kernel values meeting negative Python literals and signed values
without explicit casts: TIRx converts the literal to the unsigned type
(`U < (uint)-1`, `max(U, (uint)-1)`), int32 * uint32 is a uint32 product,
int64 + uint32 widens the unsigned value, uint16 and int16 meet in C's int,
uint64 vs -1."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 8


@T.function
def unl(U: T.Tensor((N,), "uint32"), A: T.Tensor((N,), "int32"), L: T.Tensor((N,), "int64"),
        W: T.Tensor((N,), "uint16"), S: T.Tensor((N,), "int16"), Q: T.Tensor((N,), "uint64"),
        O: T.Tensor((N, 11), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    O[i, 0] = T.cast(U[i] < -1, "int64")
    O[i, 1] = T.cast(T.max(U[i], -1), "int64")
    O[i, 2] = T.cast(T.min(U[i], -2), "int64")
    O[i, 3] = T.cast(A[i] * U[i], "int64")
    O[i, 4] = L[i] + U[i]
    O[i, 5] = T.cast(U[i] - 5, "int64")
    O[i, 6] = T.cast(W[i] + S[i], "int64")
    O[i, 7] = T.cast(W[i] < S[i], "int64")
    O[i, 8] = T.cast(Q[i] > -1, "int64")
    O[i, 9] = T.cast(A[i] + U[i] > 7, "int64")
    O[i, 10] = T.cast(U[i] >> 31, "int64") + T.cast(A[i] >> 31, "int64")


def main():
    U = np.array([0, 1, 5, 2**31, 2**32 - 1, 2**32 - 2, 7, 123456789], np.uint32)
    A = np.array([-1, 3, -5, 2**31 - 1, -(2**31), 0, 9, -7], np.int32)
    L = np.array([-(2**40), 5, -1, 0, -(2**32), 2**62, -3, 1], np.int64)
    W = np.array([0, 65535, 40000, 1, 32768, 5, 100, 7], np.uint16)
    S = np.array([-1, -32768, 32767, 0, -5, 5, -100, 8], np.int16)
    Q = np.array([0, 2**64 - 1, 5, 2**63, 1, 2**64 - 2, 7, 9], np.uint64)
    M32, M64 = (1 << 32) - 1, (1 << 64) - 1
    O = np.zeros((N, 11), np.int64)
    for k in range(N):
        u, a, l, w, s, q = int(U[k]), int(A[k]), int(L[k]), int(W[k]), int(S[k]), int(Q[k])
        O[k, 0] = u < M32
        O[k, 1] = M32                    # max(U, (uint)-1)
        O[k, 2] = min(u, M32 - 1)
        O[k, 3] = ((a & M32) * u) & M32  # a uint32 product
        O[k, 4] = l + u
        O[k, 5] = (u - 5) & M32
        O[k, 6] = w + (s & 0xFFFF)       # both promoted to int
        O[k, 7] = w < (s & 0xFFFF)
        O[k, 8] = M64 < q                # (uint64)-1 < Q: never
        O[k, 9] = 7 < ((a & M32) + u) & M32
        O[k, 10] = (u >> 31) + (a >> 31)
    z = lambda x: np.zeros_like(x)
    return ({"U": U, "A": A, "L": L, "W": W, "S": S, "Q": Q, "O": np.zeros((N, 11), np.int64)}, {"O": O})
