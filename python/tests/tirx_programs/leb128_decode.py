"""Unsigned LEB128 (varint) decoding, one stream per thread: a while loop
reads uint8 bytes until one without the continuation bit, accumulating
(byte & 0x7F) << shift into a uint64, then zigzag-decodes to int64
((v >> 1) ^ -(v & 1)); the byte count is returned too."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
L = 10


@T.function
def leb(B: T.Tensor((N, L), "uint8"), V: T.Tensor((N,), "int64"), Nb: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    acc = T.local_scalar("uint64")
    i = T.local_scalar("int32")
    acc = T.uint64(0)
    i = 0
    while True:
        byte = B[t, i]
        acc = acc | (T.uint64(byte & T.uint8(0x7F)) << T.uint64(7 * i))
        i = i + 1
        if (byte & T.uint8(0x80)) == T.uint8(0) or i == L:
            break
    V[t] = T.int64(acc >> T.uint64(1)) ^ (-T.int64(acc & T.uint64(1)))
    Nb[t] = i


def main():
    rng = np.random.default_rng(2)
    vals = [0, -1, 1, 63, -64, 64, 2**31, -2**31, 2**62 - 1, -2**62, 2**63 - 1, -2**63]
    vals += [int(x) for x in rng.integers(-2**40, 2**40, N - len(vals))]
    B = np.zeros((N, L), np.uint8)
    Nb = np.zeros(N, np.int32)
    for t, v in enumerate(vals):
        z = ((v << 1) ^ (v >> 63)) & (2**64 - 1)
        k = 0
        while True:
            b = z & 0x7F
            z >>= 7
            B[t, k] = b | (0x80 if z else 0)
            k += 1
            if not z:
                break
        Nb[t] = k
        B[t, k:] = rng.integers(0, 256, L - k)
    return {"B": B, "V": np.zeros(N, np.int64), "Nb": np.zeros(N, np.int32)}, {"V": np.array(vals, np.int64), "Nb": Nb}
