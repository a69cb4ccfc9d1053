"""abs.s64, neg.s16, neg.s64, cnot.b16/b32/b64 (1 iff zero), not.b16, and.b16,
or.b32, xor.b16 and not.b32 chains, including INT_MIN corners."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def int_abs_neg_logic16(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                        L: T.Tensor((N,), "int64"), O: T.Tensor((N, 8), "uint32"),
                        W: T.Tensor((N, 3), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    h = T.local_scalar("uint16")
    sh = T.local_scalar("int16")
    u = T.local_scalar("uint32")
    sw = T.local_scalar("int64")
    w = T.local_scalar("uint64")
    a16 = T.cast(A[i] & T.uint32(0xFFFF), "uint16")
    b16 = T.cast(B[i] & T.uint32(0xFFFF), "uint16")
    T.ptx.neg.s16(sh, T.reinterpret(a16, ty="int16"))
    O[i, 0] = T.cast(T.reinterpret(sh, ty="uint16"), "uint32")
    T.ptx.cnot.b16(h, a16)
    O[i, 1] = T.cast(h, "uint32")
    T.ptx.cnot.b32(u, A[i])
    O[i, 2] = u
    T.ptx.not_.b16(h, a16)
    O[i, 3] = T.cast(h, "uint32")
    T.ptx.and_.b16(h, a16, b16)
    O[i, 4] = T.cast(h, "uint32")
    T.ptx.xor.b16(h, a16, b16)
    O[i, 5] = T.cast(h, "uint32")
    T.ptx.or_.b32(u, A[i], B[i])
    O[i, 6] = u
    T.ptx.not_.b32(u, A[i])
    O[i, 7] = u
    T.ptx.abs.s64(sw, L[i])
    W[i, 0] = sw
    T.ptx.neg.s64(sw, L[i])
    W[i, 1] = sw
    T.ptx.cnot.b64(w, T.reinterpret(L[i], ty="uint64"))
    W[i, 2] = T.reinterpret(w, ty="int64")


def main():
    rng = np.random.default_rng(605)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[0] = 0
    A[1] = 0x8000
    A[2] = 0x10000
    L = rng.integers(-2**63, 2**63, N, dtype=np.int64)
    L[0] = -2**63
    L[1] = 0
    O = np.zeros((N, 8), np.uint32)
    W = np.zeros((N, 3), np.int64)
    for k in range(N):
        a, b = int(A[k]), int(B[k])
        a16, b16 = a & 0xFFFF, b & 0xFFFF
        O[k] = [(-a16) & 0xFFFF, int(a16 == 0), int(a == 0), (~a16) & 0xFFFF, a16 & b16,
                a16 ^ b16, a | b, (~a) & 0xFFFFFFFF]
        l = int(L[k])
        wr = lambda x: ((x + 2**63) % 2**64) - 2**63
        W[k] = [wr(abs(l)), wr(-l), int(l == 0)]
    return ({"A": A, "B": B, "L": L, "O": np.zeros_like(O), "W": np.zeros_like(W)},
            {"O": O, "W": W})
