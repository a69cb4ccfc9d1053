"""dp4a and dp2a with mixed signedness: dp4a.u32.s32, dp4a.s32.u32, dp2a.lo.u32.u32,
dp2a.hi.s32.u32, dp2a.lo.u32.s32, dp2a.hi.u32.u32 (wrapping 32-bit accumulate)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def int_dp_mixed_sign(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                      C: T.Tensor((N,), "uint32"), O: T.Tensor((N, 6), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    sc = T.reinterpret(C[i], ty="int32")
    T.ptx.dp4a.u32.s32(s, A[i], T.reinterpret(B[i], ty="int32"), sc)
    O[i, 0] = T.reinterpret(s, ty="uint32")
    T.ptx.dp4a.s32.u32(s, T.reinterpret(A[i], ty="int32"), B[i], sc)
    O[i, 1] = T.reinterpret(s, ty="uint32")
    T.ptx.dp2a.lo.u32.u32(u, A[i], B[i], C[i])
    O[i, 2] = u
    T.ptx.dp2a.hi.s32.u32(s, T.reinterpret(A[i], ty="int32"), B[i], sc)
    O[i, 3] = T.reinterpret(s, ty="uint32")
    T.ptx.dp2a.lo.u32.s32(s, A[i], T.reinterpret(B[i], ty="int32"), sc)
    O[i, 4] = T.reinterpret(s, ty="uint32")
    T.ptx.dp2a.hi.u32.u32(u, A[i], B[i], C[i])
    O[i, 5] = u


def main():
    rng = np.random.default_rng(610)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    C = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    M = 0xFFFFFFFF
    sx = lambda x, n: x - (1 << n) if x >> (n - 1) & 1 else x
    O = np.zeros((N, 6), np.uint32)
    for k in range(N):
        a, b, c = int(A[k]), int(B[k]), int(C[k])
        ab = [(a >> (8 * j)) & 0xFF for j in range(4)]
        bb = [(b >> (8 * j)) & 0xFF for j in range(4)]
        ah = [(a >> (16 * j)) & 0xFFFF for j in range(2)]
        d0 = c + sum(ab[j] * sx(bb[j], 8) for j in range(4))
        d1 = c + sum(sx(ab[j], 8) * bb[j] for j in range(4))
        d2 = c + sum(ah[j] * bb[j] for j in range(2))
        d3 = c + sum(sx(ah[j], 16) * bb[2 + j] for j in range(2))
        d4 = c + sum(ah[j] * sx(bb[j], 8) for j in range(2))
        d5 = c + sum(ah[j] * bb[2 + j] for j in range(2))
        O[k] = [x & M for x in (d0, d1, d2, d3, d4, d5)]
    return {"A": A, "B": B, "C": C, "O": np.zeros_like(O)}, {"O": O}
