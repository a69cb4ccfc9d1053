"""PTX bit instructions on scalars: bfi.b32, lop3.b32 (0x96 = a^b^c, 0xE8 = maj),
shf.l.wrap / shf.r.clamp, clz.b32, bfind.u32, bfind.shiftamt.u32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ptx_bitfield(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                 C: T.Tensor((N,), "uint32"), O: T.Tensor((N, 7), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = T.local_scalar("uint32", A[i])
    b = T.local_scalar("uint32", B[i])
    c = T.local_scalar("uint32", C[i])
    d = T.local_scalar("uint32")
    T.ptx.bfi.b32(d, a, b, T.uint32(8), T.uint32(12))
    O[i, 0] = d
    T.ptx.lop3.b32(d, a, b, c, T.uint32(0x96))
    O[i, 1] = d
    T.ptx.lop3.b32(d, a, b, c, T.uint32(0xE8))
    O[i, 2] = d
    T.ptx.shf.l.wrap.b32(d, a, b, c)
    O[i, 3] = d
    T.ptx.shf.r.clamp.b32(d, a, b, c)
    O[i, 4] = d
    T.ptx.clz.b32(d, a)
    O[i, 5] = d
    T.ptx.bfind.u32(d, a)
    O[i, 6] = d


def main():
    rng = np.random.default_rng(11)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    C = rng.integers(0, 64, N, dtype=np.uint64).astype(np.uint32)
    A[0] = 0
    A[1] = 1
    C[2] = 32
    C[3] = 0
    O = np.zeros((N, 7), np.uint32)
    M = 0xFFFFFFFF
    for k in range(N):
        a, b, c = int(A[k]), int(B[k]), int(C[k])
        mask = ((1 << 12) - 1) << 8
        bfi = (b & ~mask & M) | ((a << 8) & mask)
        x = a ^ b ^ c
        maj = (a & b) | (a & c) | (b & c)
        n = c & 31  # wrap
        both = (b << 32) | a
        shl = ((both << n) >> 32) & M
        n2 = min(c, 32)  # clamp
        shr = (both >> n2) & M
        clz = 32 - a.bit_length()
        bfind = a.bit_length() - 1 if a else M
        O[k] = [bfi, x, maj, shl, shr, clz, bfind]
    return {"A": A, "B": B, "C": C, "O": np.zeros_like(O)}, {"O": O}
