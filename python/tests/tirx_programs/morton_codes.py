"""3-D Morton (Z-order) encode/decode with the classic magic-mask bit
spreading on uint64 (21 bits per axis), plus a 2-D uint32 variant: encode
(x, y, z), decode back, and the parity/leading-zero summary through
T.popcount and T.clz."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def morton(X: T.Tensor((N, 3), "uint32"), C: T.Tensor((N,), "uint64"),
           D: T.Tensor((N, 3), "uint32"), P: T.Tensor((N, 2), "int32"), C2: T.Tensor((N,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    code = T.local_scalar("uint64")
    code = T.uint64(0)
    for a in T.unroll(3):
        x = T.local_scalar("uint64")
        x = T.uint64(X[t, a]) & T.uint64(0x1FFFFF)
        x = (x | (x << T.uint64(32))) & T.uint64(0x1F00000000FFFF)
        x = (x | (x << T.uint64(16))) & T.uint64(0x1F0000FF0000FF)
        x = (x | (x << T.uint64(8))) & T.uint64(0x100F00F00F00F00F)
        x = (x | (x << T.uint64(4))) & T.uint64(0x10C30C30C30C30C3)
        x = (x | (x << T.uint64(2))) & T.uint64(0x1249249249249249)
        code = code | (x << T.uint64(a))
    C[t] = code
    for a in T.unroll(3):
        y = T.local_scalar("uint64")
        y = (code >> T.uint64(a)) & T.uint64(0x1249249249249249)
        y = (y | (y >> T.uint64(2))) & T.uint64(0x10C30C30C30C30C3)
        y = (y | (y >> T.uint64(4))) & T.uint64(0x100F00F00F00F00F)
        y = (y | (y >> T.uint64(8))) & T.uint64(0x1F0000FF0000FF)
        y = (y | (y >> T.uint64(16))) & T.uint64(0x1F00000000FFFF)
        y = (y | (y >> T.uint64(32))) & T.uint64(0x1FFFFF)
        D[t, a] = T.uint32(y)
    P[t, 0] = T.int32(T.popcount(code)) & 1
    P[t, 1] = T.int32(T.clz(code))
    u = T.local_scalar("uint32")
    u = X[t, 0] & T.uint32(0xFFFF)
    u = (u | (u << T.uint32(8))) & T.uint32(0x00FF00FF)
    u = (u | (u << T.uint32(4))) & T.uint32(0x0F0F0F0F)
    u = (u | (u << T.uint32(2))) & T.uint32(0x33333333)
    u = (u | (u << T.uint32(1))) & T.uint32(0x55555555)
    v = T.local_scalar("uint32")
    v = X[t, 1] & T.uint32(0xFFFF)
    v = (v | (v << T.uint32(8))) & T.uint32(0x00FF00FF)
    v = (v | (v << T.uint32(4))) & T.uint32(0x0F0F0F0F)
    v = (v | (v << T.uint32(2))) & T.uint32(0x33333333)
    v = (v | (v << T.uint32(1))) & T.uint32(0x55555555)
    C2[t] = u | (v << T.uint32(1))


def main():
    rng = np.random.default_rng(19)
    X = rng.integers(0, 1 << 21, (N, 3)).astype(np.uint32)
    X[0] = 0
    X[1] = (1 << 21) - 1
    X[2] = [1, 0, 0]
    C = np.zeros(N, np.uint64)
    C2 = np.zeros(N, np.uint32)
    for t in range(N):
        c = 0
        for a in range(3):
            for bit in range(21):
                c |= ((int(X[t, a]) >> bit) & 1) << (3 * bit + a)
        C[t] = c
        c2 = 0
        for bit in range(16):
            c2 |= ((int(X[t, 0]) >> bit) & 1) << (2 * bit)
            c2 |= ((int(X[t, 1]) >> bit) & 1) << (2 * bit + 1)
        C2[t] = c2
    P = np.array([[bin(int(c)).count("1") & 1, 64 - int(c).bit_length()] for c in C], np.int32)
    z = np.zeros
    return ({"X": X, "C": z(N, np.uint64), "D": z((N, 3), np.uint32), "P": z((N, 2), np.int32), "C2": z(N, np.uint32)},
            {"C": C, "D": X.copy(), "P": P, "C2": C2})
