"""Augmented assignment into tensor elements: global, shared and local
buffers, with +=, -=, *=, //=, %=, <<=, >>=, &=, |=, ^=."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def aug(A: T.Tensor((32,), "int32"), O: T.Tensor((32, 3), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    s = T.alloc_shared((32,), "int32")
    l = T.alloc_local((2,), "int32")
    O[i, 0] = A[i]
    O[i, 0] += 7
    O[i, 0] *= 3
    O[i, 0] //= 4
    s[i] = A[i]
    s[i] -= 100
    s[i] %= 9
    s[i] <<= 2
    l[0] = A[i]
    l[1] = 0x0F0F
    l[0] >>= 1
    l[1] &= A[i]
    l[1] |= 0x100
    l[1] ^= l[0]
    O[i, 1] = s[i]
    O[i, 2] = l[1]


def main():
    A = (np.arange(32, dtype=np.int32) * 37 - 500).astype(np.int32)
    o0 = ((A + 7) * 3) // 4
    s = ((A - 100) % 9) << 2
    l0 = A >> 1
    l1 = ((0x0F0F & A) | 0x100) ^ l0
    return {"A": A, "O": np.zeros((32, 3), np.int32)}, {"O": np.stack([o0, s, l1], 1).astype(np.int32)}
