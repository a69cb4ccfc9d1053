"""Shifts whose operands have different types: int64 << int32 amount,
uint64 >> uint8 amount, int8 << 7 kept in C's int, 1 << n with a kernel n
(an int32: 1 << 31 is negative), int64(1) << n, a uint16 shifted left past 16
bits, and T.shift_right of a negative int64 by amounts up to 70."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 12


@T.function
def smw(L: T.Tensor((N,), "int64"), Q: T.Tensor((N,), "uint64"), S: T.Tensor((N,), "int32"),
        A: T.Tensor((N,), "uint8"), B: T.Tensor((N,), "int8"), W: T.Tensor((N,), "uint16"),
        O: T.Tensor((N, 7), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    n = S[i]
    O[i, 0] = L[i] << n
    O[i, 1] = T.cast(Q[i] >> A[i], "int64")
    O[i, 2] = T.cast(B[i] << 7, "int64")
    O[i, 3] = T.cast(1 << n, "int64")
    O[i, 4] = T.int64(1) << n
    O[i, 5] = T.cast(W[i] << 12, "int64")
    O[i, 6] = T.shift_right(L[i], n)


def main():
    # PTX shl/shr take the amount as an unsigned 32-bit number and clamp it to the
    # width (nvcc: shl.b64 / shr.s64 / shr.u64 / shl.b32 of the variable amount).
    S = np.array([0, 1, 31, 32, 33, 63, 64, 65, 70, -1, 5, 40], np.int32)
    L = np.array([3, -3, 1, -(2**40) - 1, 2**62 + 5, -1, 7, -7, 2**50, -(2**63), 12345, -99], np.int64)
    Q = np.array([2**64 - 1, 2**63, 12345, 1, 2**40, 77, 2**64 - 1, 5, 9, 2**63 + 1, 2**32, 3], np.uint64)
    A = np.array([0, 1, 63, 64, 65, 200, 255, 32, 31, 7, 3, 70], np.uint8)
    B = np.array([-128, -1, 0, 1, 127, 5, -5, 64, -64, 3, 100, -100], np.int8)
    W = np.array([0, 65535, 32768, 1, 4096, 7, 0xABCD, 2, 3, 4, 5, 6], np.uint16)
    s64 = lambda v: ((v + 2**63) % 2**64) - 2**63
    O = np.zeros((N, 7), np.int64)
    for k in range(N):
        n, l, q, a = int(S[k]), int(L[k]), int(Q[k]), int(A[k])
        un = n & 0xFFFFFFFF
        O[k, 0] = s64(l << un) if un < 64 else 0
        O[k, 1] = s64(q >> a) if a < 64 else 0
        O[k, 2] = int(B[k]) * 128
        O[k, 3] = (((1 << un) + 2**31) % 2**32 - 2**31) if un < 32 else 0
        O[k, 4] = s64(1 << un) if un < 64 else 0
        O[k, 5] = int(W[k]) << 12
        O[k, 6] = l >> min(un, 63)
    return ({"L": L, "Q": Q, "S": S, "A": A, "B": B, "W": W, "O": np.zeros((N, 7), np.int64)}, {"O": O})
