"""bfind.s32 (negative inputs find the highest 0), bfind.s64, bfind.u64,
bfind.shiftamt.s32 / .u64, and bfe.u32 / bfe.s32 with len 0, pos >= 32 and
pos+len past the top (sign replicated from the last bit for .s)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def int_bfind_bfe_edges(A: T.Tensor((N,), "uint32"), W: T.Tensor((N,), "uint64"),
                        P: T.Tensor((N,), "uint32"), Q: T.Tensor((N,), "uint32"),
                        O: T.Tensor((N, 8), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    T.ptx.bfind.s32(u, T.reinterpret(A[i], ty="int32"))
    O[i, 0] = u
    T.ptx.bfind.s64(u, T.reinterpret(W[i], ty="int64"))
    O[i, 1] = u
    T.ptx.bfind.u64(u, W[i])
    O[i, 2] = u
    T.ptx.bfind.shiftamt.s32(u, T.reinterpret(A[i], ty="int32"))
    O[i, 3] = u
    T.ptx.bfind.shiftamt.u64(u, W[i])
    O[i, 4] = u
    T.ptx.bfe.u32(u, A[i], P[i], Q[i])
    O[i, 5] = u
    T.ptx.bfe.s32(s, T.reinterpret(A[i], ty="int32"), P[i], Q[i])
    O[i, 6] = T.reinterpret(s, ty="uint32")
    T.ptx.popc.b32(u, A[i] ^ T.cast(W[i], "uint32"))
    O[i, 7] = u


def main():
    rng = np.random.default_rng(607)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32) >> rng.integers(0, 32, N).astype(np.uint32)
    A[0], A[1], A[2], A[3] = 0, 0xFFFFFFFF, 0x80000000, 0xF0000000
    A[4:10] |= np.uint32(0x80000000)
    W = rng.integers(0, 2**64, N, dtype=np.uint64) >> rng.integers(0, 64, N).astype(np.uint64)
    W[0], W[1], W[2] = 0, 2**64 - 1, 2**63
    P = rng.integers(0, 40, N).astype(np.uint32)
    Q = rng.integers(0, 40, N).astype(np.uint32)
    P[0:4] = [0, 31, 32, 200]
    Q[0:4] = [0, 5, 3, 4]
    P[4:8] = [28, 30, 0, 300]
    Q[4:8] = [10, 255, 32, 1]
    M = 0xFFFFFFFF

    def bfind_s(x, w):
        v = x - (1 << w) if x >> (w - 1) & 1 else x
        if v < 0:
            v = ~v
        return v.bit_length() - 1 if v else M

    def bfind_u(x):
        return x.bit_length() - 1 if x else M

    O = np.zeros((N, 8), np.uint32)
    for k in range(N):
        a, w, p, q = int(A[k]), int(W[k]), int(P[k]) & 0xFF, int(Q[k]) & 0xFF
        bs = bfind_s(a, 32)
        sa = M if bs == M else 31 - bs
        bu64 = bfind_u(w)
        sa64 = M if bu64 == M else 63 - bu64
        # bfe: ISA pseudo-code
        msb = 31
        pos, ln = p, q
        if ln == 0:
            bu = bsv = 0
        else:
            bu = sum((((a >> (pos + j)) & 1) if (j < ln and pos + j <= msb) else 0) << j for j in range(32))
            sbit = 0 if ln == 0 else ((a >> min(pos + ln - 1, msb)) & 1)
            bsv = sum((((a >> (pos + j)) & 1) if (j < ln and pos + j <= msb) else sbit) << j for j in range(32))
        if ln == 0:
            bsv = 0
        O[k] = [bs, bfind_s(w, 64), bu64, sa, sa64, bu, bsv, bin(a ^ (w & M)).count("1")]
    return {"A": A, "W": W, "P": P, "Q": Q, "O": np.zeros_like(O)}, {"O": O}
