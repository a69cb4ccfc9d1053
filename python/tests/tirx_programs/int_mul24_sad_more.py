"""24-bit multiplies and sad on the types the corpus leaves out: mul24.lo.u32,
mul24.hi.u32 (bits 47..16 of the 48-bit product), mad24.lo.u32, mad24.hi.s32,
mad24.hi.sat.s32, sad.u16, sad.s16, sad.s32, sad.u64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def int_mul24_sad_more(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                       C: T.Tensor((N,), "uint32"), L: T.Tensor((N,), "uint64"),
                       M: T.Tensor((N,), "uint64"), O: T.Tensor((N, 8), "uint32"),
                       W: T.Tensor((N,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    h = T.local_scalar("uint16")
    sh = T.local_scalar("int16")
    w = T.local_scalar("uint64")
    sa = T.reinterpret(A[i], ty="int32")
    sb = T.reinterpret(B[i], ty="int32")
    sc = T.reinterpret(C[i], ty="int32")
    T.ptx.mul24.lo.u32(u, A[i], B[i])
    O[i, 0] = u
    T.ptx.mul24.hi.u32(u, A[i], B[i])
    O[i, 1] = u
    T.ptx.mad24.lo.u32(u, A[i], B[i], C[i])
    O[i, 2] = u
    T.ptx.mad24.hi.s32(s, sa, sb, sc)
    O[i, 3] = T.reinterpret(s, ty="uint32")
    T.ptx.mad24.hi.sat.s32(s, sa, sb, sc)
    O[i, 4] = T.reinterpret(s, ty="uint32")
    T.ptx.sad.u16(h, T.cast(A[i] & T.uint32(0xFFFF), "uint16"), T.cast(B[i] & T.uint32(0xFFFF), "uint16"),
                  T.cast(C[i] & T.uint32(0xFFFF), "uint16"))
    O[i, 5] = T.cast(h, "uint32")
    T.ptx.sad.s16(sh, T.reinterpret(T.cast(A[i] >> T.uint32(16), "uint16"), ty="int16"),
                  T.reinterpret(T.cast(B[i] >> T.uint32(16), "uint16"), ty="int16"),
                  T.reinterpret(T.cast(C[i] >> T.uint32(16), "uint16"), ty="int16"))
    O[i, 6] = T.cast(T.reinterpret(sh, ty="uint16"), "uint32")
    T.ptx.sad.s32(s, sa, sb, sc)
    O[i, 7] = T.reinterpret(s, ty="uint32")
    T.ptx.sad.u64(w, L[i], M[i], L[i] >> T.uint64(3))
    W[i] = w


def main():
    rng = np.random.default_rng(603)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    C = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[0], B[0], C[0] = 0x7FFFFF, 0x7FFFFF, 0x7FFFFFFF
    A[1], B[1], C[1] = 0x800000, 0x7FFFFF, 0x80000000
    L = rng.integers(0, 2**64, N, dtype=np.uint64)
    M = rng.integers(0, 2**64, N, dtype=np.uint64)
    sx = lambda x, n: x - (1 << n) if x >> (n - 1) & 1 else x
    O = np.zeros((N, 8), np.uint32)
    W = np.zeros(N, np.uint64)
    for k in range(N):
        a, b, c = int(A[k]), int(B[k]), int(C[k])
        pu = (a & 0xFFFFFF) * (b & 0xFFFFFF)
        ps = sx(a & 0xFFFFFF, 24) * sx(b & 0xFFFFFF, 24)
        his = ((ps >> 16) & 0xFFFFFFFF)
        hisat = max(-2**31, min(2**31 - 1, sx(his, 32) + sx(c, 32))) & 0xFFFFFFFF
        a16, b16, c16 = a & 0xFFFF, b & 0xFFFF, c & 0xFFFF
        ah, bh, ch = sx(a >> 16, 16), sx(b >> 16, 16), sx(c >> 16, 16)
        O[k] = [pu & 0xFFFFFFFF, (pu >> 16) & 0xFFFFFFFF, (pu + c) & 0xFFFFFFFF,
                (his + c) & 0xFFFFFFFF, hisat, (abs(a16 - b16) + c16) & 0xFFFF,
                (abs(ah - bh) + ch) & 0xFFFF, (abs(sx(a, 32) - sx(b, 32)) + sx(c, 32)) & 0xFFFFFFFF]
        l, m = int(L[k]), int(M[k])
        W[k] = (abs(l - m) + (l >> 3)) % 2**64
    return ({"A": A, "B": B, "C": C, "L": L, "M": M, "O": np.zeros_like(O),
             "W": np.zeros_like(W)}, {"O": O, "W": W})
