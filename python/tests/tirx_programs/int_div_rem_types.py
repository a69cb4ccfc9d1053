"""div/rem PTX forms: div.s16, div.u16, div.s64, div.u64, rem.s32 (sign follows the
dividend), rem.u64, rem.s16 — C-style truncating division, no zero divisors."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def int_div_rem_types(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
                      L: T.Tensor((N,), "int64"), M: T.Tensor((N,), "int64"),
                      O: T.Tensor((N, 5), "int32"), W: T.Tensor((N, 4), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    sh = T.local_scalar("int16")
    h = T.local_scalar("uint16")
    s = T.local_scalar("int32")
    sw = T.local_scalar("int64")
    w = T.local_scalar("uint64")
    a16 = T.cast(A[i], "int16")
    b16 = T.cast(B[i], "int16")
    T.ptx.div.s16(sh, a16, b16)
    O[i, 0] = T.cast(sh, "int32")
    T.ptx.div.u16(h, T.reinterpret(a16, ty="uint16"), T.reinterpret(b16, ty="uint16"))
    O[i, 1] = T.cast(h, "int32")
    T.ptx.rem.s16(sh, a16, b16)
    O[i, 2] = T.cast(sh, "int32")
    T.ptx.rem.s32(s, A[i], B[i])
    O[i, 3] = s
    T.ptx.div.s32(s, A[i], B[i])
    O[i, 4] = s
    T.ptx.div.s64(sw, L[i], M[i])
    W[i, 0] = sw
    T.ptx.div.u64(w, T.reinterpret(L[i], ty="uint64"), T.reinterpret(M[i], ty="uint64"))
    W[i, 1] = T.reinterpret(w, ty="int64")
    T.ptx.rem.s64(sw, L[i], M[i])
    W[i, 2] = sw
    T.ptx.rem.u64(w, T.reinterpret(L[i], ty="uint64"), T.reinterpret(M[i], ty="uint64"))
    W[i, 3] = T.reinterpret(w, ty="int64")


def main():
    rng = np.random.default_rng(604)
    A = rng.integers(-30000, 30000, N).astype(np.int32)
    B = rng.integers(-300, 300, N).astype(np.int32)
    B[B == 0] = 7
    L = rng.integers(-2**62, 2**62, N).astype(np.int64)
    M = rng.integers(-2**40, 2**40, N).astype(np.int64)
    M[M == 0] = 3
    tdiv = lambda a, b: abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    trem = lambda a, b: a - tdiv(a, b) * b
    O = np.zeros((N, 5), np.int32)
    W = np.zeros((N, 4), np.int64)
    for k in range(N):
        a, b = int(A[k]), int(B[k])
        ua, ub = a & 0xFFFF, b & 0xFFFF
        O[k] = [tdiv(a, b), ua // ub, trem(a, b), trem(a, b), tdiv(a, b)]
        l, m = int(L[k]), int(M[k])
        ul, um = l % 2**64, m % 2**64
        r = [tdiv(l, m), ul // um, trem(l, m), ul % um]
        W[k] = [x - 2**64 if x >= 2**63 else x for x in r]
    return ({"A": A, "B": B, "L": L, "M": M, "O": np.zeros_like(O), "W": np.zeros_like(W)},
            {"O": O, "W": W})
