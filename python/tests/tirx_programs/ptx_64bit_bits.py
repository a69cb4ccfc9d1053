"""64-bit bit operations as PTX chains: shl.b64 / shr.u64 / shr.s64 by
register amounts (including >= 64, which PTX clamps), and/or/xor/not.b64,
bfe.u64 / bfe.s64, bfi.b64, cnot.b64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def bits64(A: T.Tensor((N,), "uint64"), B: T.Tensor((N,), "uint64"),
           S: T.Tensor((N,), "uint32"), O: T.Tensor((N, 10), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    d = T.local_scalar("uint64")
    e = T.local_scalar("int64")
    a = A[i]
    b = B[i]
    sh = S[i]
    T.ptx.shl.b64(d, a, sh)
    O[i, 0] = d
    T.ptx.shr.u64(d, a, sh)
    O[i, 1] = d
    T.ptx.shr.s64(e, T.reinterpret(a, ty="int64"), sh)
    O[i, 2] = T.reinterpret(e, ty="uint64")
    T.ptx.and_.b64(d, a, b)
    O[i, 3] = d
    T.ptx.or_.b64(d, a, b)
    O[i, 4] = d
    T.ptx.xor.b64(d, a, b)
    O[i, 5] = d
    T.ptx.not_.b64(d, a)
    O[i, 6] = d
    T.ptx.bfe.u64(d, a, sh % T.uint32(64), T.uint32(20))
    O[i, 7] = d
    T.ptx.bfe.s64(e, T.reinterpret(a, ty="int64"), sh % T.uint32(64), T.uint32(13))
    O[i, 8] = T.reinterpret(e, ty="uint64")
    T.ptx.bfi.b64(d, b, a, sh % T.uint32(48), T.uint32(16))
    O[i, 9] = d


def bfe(a, pos, ln, signed):
    # PTX ISA bfe pseudo-code, msb = 63.
    sbit = 0 if (not signed or ln == 0) else (a >> min(pos + ln - 1, 63)) & 1
    v = 0
    for k in range(64):
        bit = (a >> (pos + k)) & 1 if (k < ln and pos + k <= 63) else sbit
        v |= bit << k
    return v


def main():
    rng = np.random.default_rng(413)
    A = rng.integers(0, 2**64, N, dtype=np.uint64)
    B = rng.integers(0, 2**64, N, dtype=np.uint64)
    S = rng.integers(0, 80, N).astype(np.uint32)
    S[:4] = [0, 63, 64, 200]
    M = (1 << 64) - 1
    O = np.zeros((N, 10), np.uint64)
    for t in range(N):
        a, b, s = int(A[t]), int(B[t]), int(S[t])
        sa = a - (1 << 64) if a >> 63 else a
        c = min(s, 64)
        O[t, 0] = (a << c) & M if c < 64 else 0
        O[t, 1] = a >> c if c < 64 else 0
        O[t, 2] = (sa >> min(c, 63)) & M
        O[t, 3] = a & b; O[t, 4] = a | b; O[t, 5] = a ^ b; O[t, 6] = ~a & M
        O[t, 7] = bfe(a, s % 64, 20, False)
        O[t, 8] = bfe(a, s % 64, 13, True)
        p = s % 48
        mask = ((1 << 16) - 1) << p
        O[t, 9] = (a & ~mask & M) | ((b << p) & mask)
    return {"A": A, "B": B, "S": S, "O": np.zeros_like(O)}, {"O": O}
