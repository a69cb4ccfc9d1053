"""Floor division and modulo with runtime divisors of both signs, in
int64 and int16 (TIRx's `//` and `%`), T.truncdiv/T.truncmod on int64,
uint64 `//` and `%` above 2^63, and T.ceildiv of int64 runtime values (TIRx lowers ceildiv(a, b) to
floordiv(a + b - 1, b), which for a negative b is not the ceiling: the
expected values follow that)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def rfd(A: T.Tensor((N,), "int64"), B: T.Tensor((N,), "int64"), S: T.Tensor((N,), "int16"), R: T.Tensor((N,), "int16"),
        U: T.Tensor((N,), "uint64"), V: T.Tensor((N,), "uint64"), O: T.Tensor((N, 9), "int64"), OU: T.Tensor((N, 2), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    O[i, 0] = a // b
    O[i, 1] = a % b
    O[i, 2] = T.truncdiv(a, b)
    O[i, 3] = T.truncmod(a, b)
    O[i, 4] = T.cast(S[i] // R[i], "int64")
    O[i, 5] = T.cast(S[i] % R[i], "int64")
    O[i, 6] = T.ceildiv(a, b)
    O[i, 7] = T.floordiv(a, T.int64(-7)) + T.floormod(b, T.int64(10))
    O[i, 8] = T.cast(T.floormod(S[i], R[i]) * R[i], "int64")
    OU[i, 0] = U[i] // V[i]
    OU[i, 1] = U[i] % V[i]


def main():
    rng = np.random.default_rng(1131)
    A = rng.integers(-2**62, 2**62, N, dtype=np.int64)
    B = rng.integers(-2**31, 2**31, N, dtype=np.int64); B[B == 0] = 3; B[:4] = [-1, 1, -2**40, 2**40 + 7]
    S = rng.integers(-32768, 32768, N).astype(np.int16)
    R = rng.integers(-300, 300, N).astype(np.int16); R[R == 0] = -5
    U = rng.integers(0, 2**64, N, dtype=np.uint64); U[:2] = [2**64 - 1, 2**63]
    V = rng.integers(1, 2**40, N, dtype=np.uint64); V[:2] = [2**63 + 1, 3]
    def td(x, y):
        q = abs(x) // abs(y)
        return q if (x >= 0) == (y > 0) else -q
    O = np.zeros((N, 9), np.int64); OU = np.zeros((N, 2), np.uint64)
    for i in range(N):
        a, b, s, r = int(A[i]), int(B[i]), int(S[i]), int(R[i])
        fm = s % r
        O[i] = [a // b, a % b, td(a, b), a - td(a, b) * b, s // r, s % r, (a + b - 1) // b, a // -7 + b % 10, fm * r]
        OU[i] = [int(U[i]) // int(V[i]), int(U[i]) % int(V[i])]
    return ({"A": A, "B": B, "S": S, "R": R, "U": U, "V": V, "O": np.zeros((N, 9), np.int64),
             "OU": np.zeros((N, 2), np.uint64)}, {"O": O, "OU": OU})
