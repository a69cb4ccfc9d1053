"""Integer add/sub on types the corpus leaves out: add.u16x2 / add.s16x2 (lane-wise
wrap), add.sat.s32, add.s64 / add.u64 / sub.s64 / sub.u64
(wrap), sub.sat.s32 at both ends, add.u16 / sub.s16 wrap."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def int_add_sub_wide(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                     L: T.Tensor((N,), "uint64"), M: T.Tensor((N,), "uint64"),
                     O: T.Tensor((N, 4), "uint32"), W: T.Tensor((N, 4), "uint64"),
                     H: T.Tensor((N, 2), "uint16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    w = T.local_scalar("uint64")
    sw = T.local_scalar("int64")
    h = T.local_scalar("uint16")
    sh = T.local_scalar("int16")
    T.ptx.add.u16x2(u, A[i], B[i])
    O[i, 0] = u
    T.ptx.add.s16x2(u, A[i], B[i])
    O[i, 1] = u
    T.ptx.add.sat.s32(s, T.reinterpret(A[i], ty="int32"), T.reinterpret(B[i], ty="int32"))
    O[i, 2] = T.reinterpret(s, ty="uint32")
    T.ptx.sub.sat.s32(s, T.reinterpret(A[i], ty="int32"), T.reinterpret(B[i], ty="int32"))
    O[i, 3] = T.reinterpret(s, ty="uint32")
    T.ptx.add.u64(w, L[i], M[i])
    W[i, 0] = w
    T.ptx.sub.u64(w, L[i], M[i])
    W[i, 1] = w
    T.ptx.add.s64(sw, T.reinterpret(L[i], ty="int64"), T.reinterpret(M[i], ty="int64"))
    W[i, 2] = T.reinterpret(sw, ty="uint64")
    T.ptx.sub.s64(sw, T.reinterpret(L[i], ty="int64"), T.reinterpret(M[i], ty="int64"))
    W[i, 3] = T.reinterpret(sw, ty="uint64")
    T.ptx.add.u16(h, T.cast(A[i] & T.uint32(0xFFFF), "uint16"), T.cast(B[i] & T.uint32(0xFFFF), "uint16"))
    H[i, 0] = h
    T.ptx.sub.s16(sh, T.reinterpret(T.cast(A[i] >> T.uint32(16), "uint16"), ty="int16"),
                  T.reinterpret(T.cast(B[i] >> T.uint32(16), "uint16"), ty="int16"))
    H[i, 1] = T.reinterpret(sh, ty="uint16")


def main():
    rng = np.random.default_rng(601)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[0], B[0] = 0x7FFF7FFF, 0x00010001
    A[1], B[1] = 0x80008000, 0xFFFFFFFF
    A[2], B[2] = 0x7FFFFFFF, 0xFFFFFFFF   # INT_MAX - (-1) saturates
    A[3], B[3] = 0x80000000, 1            # INT_MIN - 1 saturates
    L = rng.integers(0, 2**64, N, dtype=np.uint64)
    M = rng.integers(0, 2**64, N, dtype=np.uint64)
    O = np.zeros((N, 4), np.uint32)
    W = np.zeros((N, 4), np.uint64)
    H = np.zeros((N, 2), np.uint16)
    s16 = lambda x: x - 0x10000 if x & 0x8000 else x
    s32 = lambda x: x - 2**32 if x & 0x80000000 else x
    for k in range(N):
        a, b = int(A[k]), int(B[k])
        lanes = [((a >> (16 * j)) & 0xFFFF, (b >> (16 * j)) & 0xFFFF) for j in range(2)]
        add = sum((((x + y) & 0xFFFF) << (16 * j)) for j, (x, y) in enumerate(lanes))
        sat = max(-2**31, min(2**31 - 1, s32(a) + s32(b))) & 0xFFFFFFFF
        ss = max(-2**31, min(2**31 - 1, s32(a) - s32(b))) & 0xFFFFFFFF
        O[k] = [add, add, sat, ss]
        l, m = int(L[k]), int(M[k])
        W[k] = [(l + m) % 2**64, (l - m) % 2**64, (l + m) % 2**64, (l - m) % 2**64]
        H[k] = [((a & 0xFFFF) + (b & 0xFFFF)) & 0xFFFF, ((a >> 16) - (b >> 16)) & 0xFFFF]
    return ({"A": A, "B": B, "L": L, "M": M, "O": np.zeros_like(O), "W": np.zeros_like(W),
             "H": np.zeros_like(H)}, {"O": O, "W": W, "H": H})
