"""prmt.b32.ecr and prmt.b32.rc16 modes, generic prmt.b32 with sign-replicating
selector nibbles (bit 3 set), lop3.b32 with a spread of LUTs, and the predicate
form lop3.or.b32 / lop3.and.b32 (d|p = lut(a,b,c), p = (d != 0) op q)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def int_prmt_lop3_bool(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                       C: T.Tensor((N,), "uint32"), O: T.Tensor((N, 11), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    p = T.local_scalar("uint32")
    q = T.local_scalar("uint32")
    T.ptx.prmt.b32.ecr(u, A[i], B[i], C[i])
    O[i, 0] = u
    T.ptx.prmt.b32.rc16(u, A[i], B[i], C[i])
    O[i, 1] = u
    T.ptx.prmt.b32(u, A[i], B[i], C[i])
    O[i, 2] = u
    T.ptx.lop3.b32(u, A[i], B[i], C[i], T.uint32(0x00))
    O[i, 3] = u
    T.ptx.lop3.b32(u, A[i], B[i], C[i], T.uint32(0x1E))
    O[i, 4] = u
    T.ptx.lop3.b32(u, A[i], B[i], C[i], T.uint32(0x6A))
    O[i, 5] = u
    T.ptx.lop3.b32(u, A[i], B[i], C[i], T.uint32(0xFE))
    O[i, 6] = u
    T.ptx.setp.lo.u32(q, C[i] & T.uint32(0xFF), T.uint32(128))
    T.ptx.lop3.or_.b32(u, p, A[i], B[i], C[i], T.uint32(0x80), T.ptx.pred(q))
    O[i, 7] = u
    T.ptx.selp.b32(u, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 8] = u
    T.ptx.lop3.and_.b32(u, p, A[i], B[i], C[i], T.uint32(0x80), T.ptx.pred(q))
    O[i, 9] = u
    T.ptx.selp.b32(u, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 10] = u


def main():
    rng = np.random.default_rng(609)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    C = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[0:4] = 0
    B[0:4] = 0
    A[4] = 0xFFFFFFFF
    B[4] = 0xFFFFFFFF
    C[4] = 0xFFFFFFFF
    O = np.zeros((N, 11), np.uint32)
    tob = lambda l: int.from_bytes(bytes(l), "little")
    for k in range(N):
        a, b, c = int(A[k]), int(B[k]), int(C[k])
        by = list(a.to_bytes(4, "little")) + list(b.to_bytes(4, "little"))
        s = c & 3
        ecr = [by[min(j, s)] for j in range(4)]
        rc16 = [by[2 * (s & 1) + (j & 1)] for j in range(4)]
        gen = []
        for j in range(4):
            sel = (c >> (4 * j)) & 0xF
            v = by[sel & 7]
            if sel & 8:
                v = 0xFF if v & 0x80 else 0
            gen.append(v)

        def lut(imm):
            r = 0
            for bit in range(32):
                idx = (((a >> bit) & 1) << 2) | (((b >> bit) & 1) << 1) | ((c >> bit) & 1)
                r |= ((imm >> idx) & 1) << bit
            return r

        d80 = lut(0x80)
        qv = (c & 0xFF) < 128
        O[k] = [tob(ecr), tob(rc16), tob(gen), lut(0), lut(0x1E), lut(0x6A), lut(0xFE),
                d80, int((d80 != 0) or qv), d80, int((d80 != 0) and qv)]
    return {"A": A, "B": B, "C": C, "O": np.zeros_like(O)}, {"O": O}
