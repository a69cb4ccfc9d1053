"""mul.hi.s32 / mul.hi.u32, mul.wide.s32 / mul.wide.u32 into 64-bit locals,
mad.hi.u32, mad.wide.s32, mul24.lo.s32 as direct PTX chains."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ptx_mulhi(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
              O: T.Tensor((N, 4), "int32"), W: T.Tensor((N, 3), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = T.local_scalar("int32", A[i])
    b = T.local_scalar("int32", B[i])
    ua = T.local_scalar("uint32", T.reinterpret(A[i], ty="uint32"))
    ub = T.local_scalar("uint32", T.reinterpret(B[i], ty="uint32"))
    s = T.local_scalar("int32")
    u = T.local_scalar("uint32")
    w = T.local_scalar("int64")
    uw = T.local_scalar("uint64")
    T.ptx.mul.hi.s32(s, a, b)
    O[i, 0] = s
    T.ptx.mul.hi.u32(u, ua, ub)
    O[i, 1] = T.reinterpret(u, ty="int32")
    T.ptx.mad.hi.u32(u, ua, ub, T.uint32(7))
    O[i, 2] = T.reinterpret(u, ty="int32")
    T.ptx.mul24.lo.s32(s, a, b)
    O[i, 3] = s
    T.ptx.mul.wide.s32(w, a, b)
    W[i, 0] = w
    T.ptx.mul.wide.u32(uw, ua, ub)
    W[i, 1] = T.reinterpret(uw, ty="int64")
    T.ptx.mad.wide.s32(w, a, b, T.int64(-3))
    W[i, 2] = w


def main():
    rng = np.random.default_rng(12)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    B = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    A[:3] = [-2**31, 2**31 - 1, -1]
    B[:3] = [-2**31, 2**31 - 1, -1]
    O = np.zeros((N, 4), np.int32)
    W = np.zeros((N, 3), np.int64)

    def s32(x):
        x &= 0xFFFFFFFF
        return x - (1 << 32) if x >> 31 else x

    def s24(x):
        x &= 0xFFFFFF
        return x - (1 << 24) if x >> 23 else x
    for k in range(N):
        a, b = int(A[k]), int(B[k])
        ua, ub = a & 0xFFFFFFFF, b & 0xFFFFFFFF
        O[k, 0] = s32((a * b) >> 32)
        O[k, 1] = s32((ua * ub) >> 32)
        O[k, 2] = s32(((ua * ub) >> 32) + 7)
        O[k, 3] = s32(s24(a) * s24(b))
        W[k, 0] = a * b
        W[k, 1] = np.uint64(ua * ub).view(np.int64)
        W[k, 2] = a * b - 3
    return ({"A": A, "B": B, "O": np.zeros_like(O), "W": np.zeros_like(W)},
            {"O": O, "W": W})
