"""Saturating and 64-bit integer PTX chains: add.sat.s32, sub.sat.s32,
mul.hi.s64, mul.lo.u64, mad.lo.s64, min.s64, shr.s64, cvt.sat? via
cvt.s8.s32.sat into an int8 local, cvt.u16.u32 (truncating), cvt.s64.s32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def sat64(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
          X: T.Tensor((N,), "int64"), Y: T.Tensor((N,), "int64"),
          O: T.Tensor((N, 2), "int32"), P: T.Tensor((N, 5), "int64"),
          Q: T.Tensor((N,), "int8"), R: T.Tensor((N,), "uint16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    s = T.local_scalar("int32")
    l = T.local_scalar("int64")
    ul = T.local_scalar("uint64")
    c = T.local_scalar("int8")
    h = T.local_scalar("uint16")
    T.ptx.add.sat.s32(s, A[i], B[i])
    O[i, 0] = s
    T.ptx.sub.sat.s32(s, A[i], B[i])
    O[i, 1] = s
    T.ptx.mul.hi.s64(l, X[i], Y[i])
    P[i, 0] = l
    T.ptx.mul.lo.u64(ul, T.reinterpret(X[i], ty="uint64"), T.reinterpret(Y[i], ty="uint64"))
    P[i, 1] = T.reinterpret(ul, ty="int64")
    T.ptx.mad.lo.s64(l, X[i], Y[i], T.int64(12345))
    P[i, 2] = l
    T.ptx.min.s64(l, X[i], Y[i])
    P[i, 3] = l
    T.ptx.cvt.s64.s32(l, A[i])
    P[i, 4] = l
    T.ptx.cvt.sat.s8.s32(c, A[i] // 1000000)
    Q[i] = c
    T.ptx.cvt.u16.u32(h, T.reinterpret(A[i], ty="uint32"))
    R[i] = h


def main():
    rng = np.random.default_rng(82)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    B = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    X = rng.integers(-2**63, 2**63, N, dtype=np.int64)
    Y = rng.integers(-2**63, 2**63, N, dtype=np.int64)
    a, b = A.astype(object), B.astype(object)
    cl = lambda v: max(-2**31, min(2**31 - 1, v))
    O = np.array([[cl(x + y), cl(x - y)] for x, y in zip(a, b)], np.int64).astype(np.int32)
    def s64(v):
        v &= (1 << 64) - 1
        return v - (1 << 64) if v >> 63 else v
    P = np.array([[s64((int(x) * int(y)) >> 64), s64(int(x) * int(y)),
                   s64(int(x) * int(y) + 12345), min(int(x), int(y)), int(z)]
                  for x, y, z in zip(X, Y, A)], np.int64)
    Q = np.array([max(-128, min(127, int(np.floor(int(x) / 1000000)))) for x in A], np.int8)
    R = (A.view(np.uint32) & 0xFFFF).astype(np.uint16)
    return ({"A": A, "B": B, "X": X, "Y": Y, "O": np.zeros_like(O), "P": np.zeros_like(P),
             "Q": np.zeros_like(Q), "R": np.zeros_like(R)}, {"O": O, "P": P, "Q": Q, "R": R})
