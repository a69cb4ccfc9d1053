"""Shift amounts at and past the width: shl.b32 / shr.u32 / shr.s32 / shr.b32 with
amounts 0..40 (PTX clamps: >= width gives 0, or sign fill for .s), shr.u16, shr.b16,
shl.b16, shf.l.clamp.b32 and shf.r.wrap.b32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 41


@T.function
def int_shift_edges(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                    O: T.Tensor((N, 9), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    n = T.cast(i, "uint32")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    h = T.local_scalar("uint16")
    sh = T.local_scalar("int16")
    a16 = T.cast(A[i] & T.uint32(0xFFFF), "uint16")
    T.ptx.shl.b32(u, A[i], n)
    O[i, 0] = u
    T.ptx.shr.u32(u, A[i], n)
    O[i, 1] = u
    T.ptx.shr.s32(s, T.reinterpret(A[i], ty="int32"), n)
    O[i, 2] = T.reinterpret(s, ty="uint32")
    T.ptx.shr.b32(u, A[i], n)
    O[i, 3] = u
    T.ptx.shr.u16(h, a16, n)
    O[i, 4] = T.cast(h, "uint32")
    T.ptx.shl.b16(h, a16, n)
    O[i, 5] = T.cast(h, "uint32")
    T.ptx.shr.s16(sh, T.reinterpret(a16, ty="int16"), n)
    O[i, 6] = T.cast(T.reinterpret(sh, ty="uint16"), "uint32")
    T.ptx.shf.l.clamp.b32(u, B[i], A[i], n)
    O[i, 7] = u
    T.ptx.shf.r.wrap.b32(u, A[i], B[i], n)
    O[i, 8] = u


def main():
    rng = np.random.default_rng(606)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32) | np.uint32(0x80008000)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    M = 0xFFFFFFFF
    O = np.zeros((N, 9), np.uint32)
    sx = lambda x, w: x - (1 << w) if x >> (w - 1) & 1 else x
    for k in range(N):
        a, b, n = int(A[k]), int(B[k]), k
        a16 = a & 0xFFFF
        shl = (a << n) & M if n < 32 else 0
        shru = a >> n if n < 32 else 0
        shrs = (sx(a, 32) >> min(n, 31)) & M
        h_r = a16 >> n if n < 16 else 0
        h_l = (a16 << n) & 0xFFFF if n < 16 else 0
        h_s = (sx(a16, 16) >> min(n, 15)) & 0xFFFF
        # shf.l: hi word of (a:b) << n, where b is lo (operand a) and a is hi (operand b)
        lo, hi = b, a
        c = min(n, 32)
        fl = (((hi << 32) | lo) << c >> 32) & M
        c2 = n & 31
        fr = (((b << 32) | a) >> c2) & M
        O[k] = [shl, shru, shrs, shru, h_r, h_l, h_s, fl, fr]
    return {"A": A, "B": B, "O": np.zeros_like(O)}, {"O": O}
