"""16-bit integer PTX chains on int16 / uint16 registers: add.s16, sub.u16
(wrap), mul.lo.s16, mul.hi.u16, mul.wide.s16 (into s32), min/max .s16/.u16,
abs.s16, shl.b16, shr.s16."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def int16ops(A: T.Tensor((N,), "int16"), B: T.Tensor((N,), "int16"),
             O: T.Tensor((N, 9), "int16"), W: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    h = T.local_scalar("int16")
    u = T.local_scalar("uint16")
    w = T.local_scalar("int32")
    a = A[i]
    b = B[i]
    ua = T.reinterpret(a, ty="uint16")
    ub = T.reinterpret(b, ty="uint16")
    T.ptx.add.s16(h, a, b)
    O[i, 0] = h
    T.ptx.sub.u16(u, ua, ub)
    O[i, 1] = T.reinterpret(u, ty="int16")
    T.ptx.mul.lo.s16(h, a, b)
    O[i, 2] = h
    T.ptx.mul.hi.u16(u, ua, ub)
    O[i, 3] = T.reinterpret(u, ty="int16")
    T.ptx.mul.wide.s16(w, a, b)
    W[i] = w
    T.ptx.min.s16(h, a, b)
    O[i, 4] = h
    T.ptx.max.u16(u, ua, ub)
    O[i, 5] = T.reinterpret(u, ty="int16")
    T.ptx.abs.s16(h, a)
    O[i, 6] = h
    T.ptx.shl.b16(u, ua, T.cast(i % 17, "uint32"))
    O[i, 7] = T.reinterpret(u, ty="int16")
    T.ptx.shr.s16(h, a, T.cast(i % 19, "uint32"))
    O[i, 8] = h


def main():
    rng = np.random.default_rng(414)
    A = rng.integers(-2**15, 2**15, N).astype(np.int16)
    B = rng.integers(-2**15, 2**15, N).astype(np.int16)
    A[0] = -32768
    ua, ub = A.view(np.uint16).astype(np.int64), B.view(np.uint16).astype(np.int64)
    a, b = A.astype(np.int64), B.astype(np.int64)
    O = np.zeros((N, 9), np.int16)
    O[:, 0] = (a + b).astype(np.int16)
    O[:, 1] = (ua - ub).astype(np.uint16).view(np.int16)
    O[:, 2] = (a * b).astype(np.int16)
    O[:, 3] = ((ua * ub) >> 16).astype(np.uint16).view(np.int16)
    O[:, 4] = np.minimum(A, B)
    O[:, 5] = np.maximum(ua, ub).astype(np.uint16).view(np.int16)
    O[:, 6] = np.abs(a).astype(np.int16)  # abs(-32768) = -32768
    t = np.arange(N)
    O[:, 7] = np.where(t % 17 >= 16, 0, (ua << np.minimum(t % 17, 16)) & 0xFFFF).astype(np.uint16).view(np.int16)
    O[:, 8] = (a >> np.minimum(t % 19, 15)).astype(np.int16)
    W = (a * b).astype(np.int32)
    return {"A": A, "B": B, "O": np.zeros_like(O), "W": np.zeros(N, np.int32)}, {"O": O, "W": W}
