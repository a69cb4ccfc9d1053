"""More integer PTX chains: bfe.s32 (sign-extending field), bmsk.clamp.b32,
szext.clamp.s32, fns.b32, bfind.shiftamt.u32, prmt.b32 modes (f4e, b4e,
rc8, ecl, rc16), clz.b64, popc.b64 and brev.b64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ints_b(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
           C: T.Tensor((N,), "uint32"), W: T.Tensor((N,), "uint64"),
           O: T.Tensor((N, 10), "uint32"), WO: T.Tensor((N,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    w = T.local_scalar("uint64")
    T.ptx.bfe.s32(s, T.reinterpret(A[i], ty="int32"), T.uint32(5), T.uint32(7))
    O[i, 0] = T.reinterpret(s, ty="uint32")
    T.ptx.bmsk.clamp.b32(u, C[i] % T.uint32(40), C[i] // T.uint32(40) % T.uint32(40))
    O[i, 1] = u
    T.ptx.szext.clamp.s32(s, T.reinterpret(A[i], ty="int32"), C[i] % T.uint32(40))
    O[i, 2] = T.reinterpret(s, ty="uint32")
    T.ptx.bfind.shiftamt.u32(u, A[i])
    O[i, 3] = u
    T.ptx.prmt.b32.f4e(u, A[i], B[i], C[i])
    O[i, 4] = u
    T.ptx.prmt.b32.b4e(u, A[i], B[i], C[i])
    O[i, 5] = u
    T.ptx.prmt.b32.rc8(u, A[i], B[i], C[i])
    O[i, 6] = u
    T.ptx.prmt.b32.ecl(u, A[i], B[i], C[i])
    O[i, 7] = u
    T.ptx.clz.b64(u, W[i])
    O[i, 8] = u
    T.ptx.popc.b64(u, W[i])
    O[i, 9] = u
    T.ptx.brev.b64(w, W[i])
    WO[i] = w


def main():
    rng = np.random.default_rng(81)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    C = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    W = rng.integers(0, 2**64, N, dtype=np.uint64) >> rng.integers(0, 64, N).astype(np.uint64)
    A[0] = 0
    W[0] = 0
    M = 0xFFFFFFFF
    O = np.zeros((N, 10), np.uint32)
    WO = np.zeros(N, np.uint64)
    for k in range(N):
        a, b, c, w = int(A[k]), int(B[k]), int(C[k]), int(W[k])
        f = (a >> 5) & 0x7F
        bfe = (f - 0x80 if f & 0x40 else f) & M
        pos, ln = min(c % 40, 32), min(c // 40 % 40, 32)
        bmsk = (((1 << ln) - 1) << pos) & M if pos < 32 else 0
        n = min(c % 40, 32)
        if n == 32:
            sz = a
        elif n == 0:
            sz = 0
        else:
            x = a & ((1 << n) - 1)
            sz = (x - (1 << n) if x >> (n - 1) else x) & M
        bfind_sa = 31 - (a.bit_length() - 1) if a else M
        by = list(a.to_bytes(4, "little")) + list(b.to_bytes(4, "little"))
        s = c & 3
        f4e = [by[(s + j) & 7] for j in range(4)]
        b4e = [by[(s - j) & 7] for j in range(4)]
        rc8 = [by[s]] * 4
        ecl = [by[max(s, j)] if False else by[j if j >= s else s] for j in range(4)]
        # ecl: byte j takes byte max(j, s)? PTX: ecl mode 0:3210,1:3211,2:3222,3:3333
        ecl = [by[max(j, s)] for j in range(4)]
        tob = lambda l: int.from_bytes(bytes(l), "little")
        O[k] = [bfe, bmsk, sz, bfind_sa, tob(f4e), tob(b4e), tob(rc8), tob(ecl),
                64 - w.bit_length(), bin(w).count("1")]
        WO[k] = int(f"{w:064b}"[::-1], 2)
    return ({"A": A, "B": B, "C": C, "W": W, "O": np.zeros_like(O), "WO": np.zeros_like(WO)},
            {"O": O, "WO": WO})
