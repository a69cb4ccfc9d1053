"""Bit manipulation on uint32 / int32 / uint64: shifts (arithmetic on
signed, logical on unsigned), T.shift_left/T.shift_right, and/or/xor/not,
T.popcount of uint64, T.clz of uint32 and int64, x & -x lowest bit."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def bits(U: T.Tensor((N,), "uint32"), S: T.Tensor((N,), "int32"),
         W: T.Tensor((N,), "uint64"),
         O1: T.Tensor((N,), "uint32"), O2: T.Tensor((N,), "int32"),
         O3: T.Tensor((N,), "int32"), O4: T.Tensor((N,), "int32"),
         O5: T.Tensor((N,), "int32"), O6: T.Tensor((N,), "uint32"),
         O7: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = U[i]
    s = S[i]
    O1[i] = ((u >> T.uint32(3)) ^ (u << T.uint32(5))) | (~u & T.uint32(0xF0F0))
    O2[i] = (s >> 4) + T.shift_left(s & 0xFF, 2)
    O3[i] = T.cast(T.popcount(W[i]), "int32")
    O4[i] = T.clz(u)
    O5[i] = T.clz(T.cast(W[i], "int64"))
    O6[i] = u & (T.uint32(0) - u)
    O7[i] = T.shift_right(s, 31)


def main():
    rng = np.random.default_rng(108)
    U = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    S = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    W = rng.integers(0, 2**63, N, dtype=np.uint64) >> rng.integers(0, 63, N).astype(np.uint64)
    U[:3] = [0, 1, 0x80000000]
    S[:3] = [-1, -2**31, 2**31 - 1]
    W[:3] = [0, 1, 2**63 - 1]
    u = U.astype(np.uint64)
    o1 = (((u >> 3) ^ ((u << 5) & 0xFFFFFFFF)) | ((~U).astype(np.uint64) & 0xF0F0)).astype(np.uint32)
    s = S.astype(np.int64)
    o2 = ((s >> 4) + ((s & 0xFF) << 2)).astype(np.int32)
    o3 = np.array([bin(int(w)).count("1") for w in W], np.int32)
    o4 = np.array([32 - int(x).bit_length() for x in U], np.int32)
    o5 = np.array([64 - int(x).bit_length() for x in W], np.int32)
    o6 = (U & (np.uint32(0) - U)).astype(np.uint32)
    o7 = (S >> 31).astype(np.int32)
    outs = {"O1": o1, "O2": o2, "O3": o3, "O4": o4, "O5": o5, "O6": o6, "O7": o7}
    ins = {"U": U, "S": S, "W": W}
    ins.update({k: np.zeros_like(v) for k, v in outs.items()})
    return ins, outs
