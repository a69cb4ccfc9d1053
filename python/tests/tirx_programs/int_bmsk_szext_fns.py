"""bmsk.wrap.b32, szext.wrap.s32, szext.clamp.u32, szext.wrap.u32 (widths mod 32 /
clamped to 32), and fns.b32 with positive, zero and negative offsets."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def int_bmsk_szext_fns(A: T.Tensor((N,), "uint32"), P: T.Tensor((N,), "uint32"),
                       Q: T.Tensor((N,), "uint32"), F: T.Tensor((N,), "int32"),
                       O: T.Tensor((N, 5), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    T.ptx.bmsk.wrap.b32(u, P[i], Q[i])
    O[i, 0] = u
    T.ptx.szext.wrap.s32(s, T.reinterpret(A[i], ty="int32"), Q[i])
    O[i, 1] = T.reinterpret(s, ty="uint32")
    T.ptx.szext.clamp.u32(u, A[i], Q[i])
    O[i, 2] = u
    T.ptx.szext.wrap.u32(u, A[i], Q[i])
    O[i, 3] = u
    T.ptx.fns.b32(u, A[i], P[i] & T.uint32(31), F[i])
    O[i, 4] = u


def main():
    rng = np.random.default_rng(608)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    P = rng.integers(0, 70, N).astype(np.uint32)
    Q = rng.integers(1, 70, N).astype(np.uint32)
    Q[Q % 32 == 0] += 1  # keep szext.wrap.s32 away from a zero width
    Q[0] = 33            # clamp -> 32 (whole word); wrap -> 1
    F = rng.integers(-6, 7, N).astype(np.int32)
    A[1] = 0
    M = 0xFFFFFFFF
    O = np.zeros((N, 5), np.uint32)

    def sz(a, n, signed):
        if n >= 32:
            return a
        if n == 0:
            return 0
        x = a & ((1 << n) - 1)
        return (x - (1 << n) if signed and x >> (n - 1) else x) & M

    def fns(mask, base, off):
        if off == 0:
            return base if (mask >> base) & 1 else M
        pos, cnt, inc = base, abs(off) - 1, 1 if off > 0 else -1
        while 0 <= pos < 32:
            if (mask >> pos) & 1:
                if cnt == 0:
                    return pos
                cnt -= 1
            pos += inc
        return M

    for k in range(N):
        a, p, q, f = int(A[k]), int(P[k]), int(Q[k]), int(F[k])
        pw, qw = p & 31, q & 31
        bm = (((1 << qw) - 1) << pw) & M
        O[k] = [bm, sz(a, q & 31, True), sz(a, min(q, 32), False), sz(a, q & 31, False),
                fns(a, p & 31, f)]
    return {"A": A, "P": P, "Q": Q, "F": F, "O": np.zeros_like(O)}, {"O": O}
