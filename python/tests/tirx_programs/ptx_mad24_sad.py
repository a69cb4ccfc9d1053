"""24-bit multiplies and absolute differences: mad24.lo.s32, mad24.hi.u32,
mul24.hi.s32, sad.u32 and sad.s64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def mad24(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"), C: T.Tensor((N,), "int32"),
          O: T.Tensor((N, 4), "int32"), L: T.Tensor((N,), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    s = T.local_scalar("int32")
    u = T.local_scalar("uint32")
    w = T.local_scalar("int64")
    T.ptx.mad24.lo.s32(s, A[i], B[i], C[i])
    O[i, 0] = s
    T.ptx.mad24.hi.u32(u, T.reinterpret(A[i], ty="uint32"), T.reinterpret(B[i], ty="uint32"),
                       T.reinterpret(C[i], ty="uint32"))
    O[i, 1] = T.reinterpret(u, ty="int32")
    T.ptx.mul24.hi.s32(s, A[i], B[i])
    O[i, 2] = s
    T.ptx.sad.u32(u, T.reinterpret(A[i], ty="uint32"), T.reinterpret(B[i], ty="uint32"),
                  T.reinterpret(C[i], ty="uint32"))
    O[i, 3] = T.reinterpret(u, ty="int32")
    T.ptx.sad.s64(w, T.cast(A[i], "int64") * T.int64(1000), T.cast(B[i], "int64"), T.cast(C[i], "int64"))
    L[i] = w


def s24(x):
    x = x & 0xFFFFFF
    return x - (1 << 24) if x & 0x800000 else x


def main():
    rng = np.random.default_rng(415)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    B = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    C = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    O = np.zeros((N, 4), np.int64)
    L = np.zeros(N, np.int64)
    for t in range(N):
        a, b, c = int(A[t]), int(B[t]), int(C[t])
        ua, ub, uc = a & 0xFFFFFFFF, b & 0xFFFFFFFF, c & 0xFFFFFFFF
        O[t, 0] = (s24(a) * s24(b) + c) & 0xFFFFFFFF
        O[t, 1] = ((((ua & 0xFFFFFF) * (ub & 0xFFFFFF)) >> 16) + uc) & 0xFFFFFFFF
        O[t, 2] = ((s24(a) * s24(b)) >> 16) & 0xFFFFFFFF
        O[t, 3] = (abs(ua - ub) + uc) & 0xFFFFFFFF
        L[t] = abs(a * 1000 - b) + c
    O = O.astype(np.uint32).view(np.int32)
    return ({"A": A, "B": B, "C": C, "O": np.zeros((N, 4), np.int32), "L": np.zeros(N, np.int64)},
            {"O": O, "L": L})
