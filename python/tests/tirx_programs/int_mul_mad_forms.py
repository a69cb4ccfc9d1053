"""mul/mad forms outside the corpus: mul.lo.u16, mul.hi.s16, mul.hi.u64, mul.wide.u16,
mul.lo.s64, mad.hi.sat.s32 (saturating high-word multiply-add), mad.lo.u16,
mad.hi.s64, mad.hi.u64, mad.wide.u16, mad.wide.u32, mad.wide.s16, mad.lo.u64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def int_mul_mad_forms(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                      C: T.Tensor((N,), "uint32"), L: T.Tensor((N,), "uint64"),
                      M: T.Tensor((N,), "uint64"), Q: T.Tensor((N,), "uint64"),
                      O: T.Tensor((N, 6), "uint32"), W: T.Tensor((N, 8), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a16 = T.cast(A[i] & T.uint32(0xFFFF), "uint16")
    b16 = T.cast(B[i] & T.uint32(0xFFFF), "uint16")
    c16 = T.cast(C[i] & T.uint32(0xFFFF), "uint16")
    h = T.local_scalar("uint16")
    sh = T.local_scalar("int16")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    w = T.local_scalar("uint64")
    sw = T.local_scalar("int64")
    T.ptx.mul.lo.u16(h, a16, b16)
    O[i, 0] = T.cast(h, "uint32")
    T.ptx.mul.hi.s16(sh, T.reinterpret(a16, ty="int16"), T.reinterpret(b16, ty="int16"))
    O[i, 1] = T.cast(T.reinterpret(sh, ty="uint16"), "uint32")
    T.ptx.mul.wide.u16(u, a16, b16)
    O[i, 2] = u
    T.ptx.mad.hi.sat.s32(s, T.reinterpret(A[i], ty="int32"), T.reinterpret(B[i], ty="int32"),
                         T.reinterpret(C[i], ty="int32"))
    O[i, 3] = T.reinterpret(s, ty="uint32")
    T.ptx.mad.lo.u16(h, a16, b16, c16)
    O[i, 4] = T.cast(h, "uint32")
    T.ptx.mad.wide.u16(u, a16, b16, C[i])
    O[i, 5] = u
    T.ptx.mul.hi.u64(w, L[i], M[i])
    W[i, 0] = w
    T.ptx.mul.lo.s64(sw, T.reinterpret(L[i], ty="int64"), T.reinterpret(M[i], ty="int64"))
    W[i, 1] = T.reinterpret(sw, ty="uint64")
    T.ptx.mad.hi.s64(sw, T.reinterpret(L[i], ty="int64"), T.reinterpret(M[i], ty="int64"),
                     T.reinterpret(Q[i], ty="int64"))
    W[i, 2] = T.reinterpret(sw, ty="uint64")
    T.ptx.mad.hi.u64(w, L[i], M[i], Q[i])
    W[i, 3] = w
    T.ptx.mad.wide.u32(w, A[i], B[i], Q[i])
    W[i, 4] = w
    T.ptx.mad.wide.s16(s, T.reinterpret(a16, ty="int16"), T.reinterpret(b16, ty="int16"),
                       T.reinterpret(C[i], ty="int32"))
    W[i, 5] = T.cast(T.reinterpret(s, ty="uint32"), "uint64")
    T.ptx.mad.lo.u64(w, L[i], M[i], Q[i])
    W[i, 6] = w
    T.ptx.mul.wide.s16(s, T.reinterpret(b16, ty="int16"), T.reinterpret(c16, ty="int16"))
    W[i, 7] = T.cast(T.reinterpret(s, ty="uint32"), "uint64")


def main():
    rng = np.random.default_rng(602)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    C = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[0], B[0], C[0] = 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF   # hi = 0x3FFFFFFF; + C saturates
    A[1], B[1], C[1] = 0x80000000, 0x7FFFFFFF, 0x80000000   # hi negative + INT_MIN saturates low
    L = rng.integers(0, 2**64, N, dtype=np.uint64)
    M = rng.integers(0, 2**64, N, dtype=np.uint64)
    Q = rng.integers(0, 2**64, N, dtype=np.uint64)
    sx = lambda x, n: x - (1 << n) if x >> (n - 1) & 1 else x
    O = np.zeros((N, 6), np.uint32)
    W = np.zeros((N, 8), np.uint64)
    for k in range(N):
        a, b, c = int(A[k]), int(B[k]), int(C[k])
        a16, b16, c16 = a & 0xFFFF, b & 0xFFFF, c & 0xFFFF
        hi32 = (sx(a, 32) * sx(b, 32)) >> 32
        madsat = max(-2**31, min(2**31 - 1, hi32 + sx(c, 32))) & 0xFFFFFFFF
        O[k] = [(a16 * b16) & 0xFFFF, ((sx(a16, 16) * sx(b16, 16)) >> 16) & 0xFFFF,
                a16 * b16, madsat, (a16 * b16 + c16) & 0xFFFF, (a16 * b16 + c) & 0xFFFFFFFF]
        l, m, q = int(L[k]), int(M[k]), int(Q[k])
        W[k] = [(l * m) >> 64, (l * m) % 2**64,
                (((sx(l, 64) * sx(m, 64)) >> 64) + sx(q, 64)) % 2**64,
                (((l * m) >> 64) + q) % 2**64,
                (a * b + q) % 2**64,
                (sx(a16, 16) * sx(b16, 16) + sx(c, 32)) % 2**32,
                (l * m + q) % 2**64,
                (sx(b16, 16) * sx(c16, 16)) % 2**32]
    return ({"A": A, "B": B, "C": C, "L": L, "M": M, "Q": Q, "O": np.zeros_like(O),
             "W": np.zeros_like(W)}, {"O": O, "W": W})
