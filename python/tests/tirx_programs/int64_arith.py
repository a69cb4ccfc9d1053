"""int64 arithmetic: products past 2^32, floor // and % with negative
operands, shifts, mixing int32 indices (promoted) with int64 values,
and uint64 wrap-around."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def i64(A: T.Tensor((N,), "int64"), B: T.Tensor((N,), "int64"),
        U: T.Tensor((N,), "uint64"),
        P: T.Tensor((N,), "int64"), Q: T.Tensor((N,), "int64"),
        R: T.Tensor((N,), "int64"), S: T.Tensor((N,), "int64"),
        V: T.Tensor((N,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    P[i] = A[i] * B[i] + T.cast(i, "int64")
    Q[i] = A[i] // B[i]
    R[i] = A[i] % B[i]
    S[i] = (A[i] >> T.int64(7)) ^ (B[i] << T.int64(20))
    V[i] = U[i] * T.uint64(0x9E3779B97F4A7C15) + T.uint64(1)


def main():
    rng = np.random.default_rng(403)
    A = rng.integers(-2**40, 2**40, N, dtype=np.int64)
    B = rng.integers(-2**20, 2**20, N, dtype=np.int64)
    B[B == 0] = 7
    B[:4] = [-3, 3, -1, 1 << 19]
    U = rng.integers(0, 2**64, N, dtype=np.uint64)
    a = [int(x) for x in A]; b = [int(x) for x in B]
    wrap = lambda x: ((x + 2**63) % 2**64) - 2**63
    P = np.array([wrap(x * y + k) for k, (x, y) in enumerate(zip(a, b))], np.int64)
    Q = np.array([x // y for x, y in zip(a, b)], np.int64)
    R = np.array([x % y for x, y in zip(a, b)], np.int64)
    S = np.array([wrap((x >> 7) ^ (y << 20)) for x, y in zip(a, b)], np.int64)
    V = np.array([(int(u) * 0x9E3779B97F4A7C15 + 1) % 2**64 for u in U], np.uint64)
    outs = {"P": P, "Q": Q, "R": R, "S": S, "V": V}
    ins = {"A": A, "B": B, "U": U}
    ins.update({k: np.zeros_like(v) for k, v in outs.items()})
    return ins, outs
