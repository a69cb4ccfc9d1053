"""Loop-carried 8- and 16-bit local scalars: a uint8 counter in a while loop
that wraps past 255 before it meets its stop value, an int8 accumulator of
products (each step keeps the low byte), a uint16 LCG over a kernel-valued
trip count, and the loop condition computed on the promoted sum (c + 10 <
260 is an int comparison in C)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 8


@T.function
def nlc(A: T.Tensor((N,), "uint8"), B: T.Tensor((N,), "int8"), K: T.Tensor((N,), "int32"),
        O: T.Tensor((N, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    c = T.local_scalar("uint8", A[i])
    steps = T.local_scalar("int32", 0)
    while c != T.uint8(3):
        c = c + T.uint8(1)
        steps = steps + 1
    O[i, 0] = steps
    acc = T.local_scalar("int8", 1)
    for j in T.serial(6):
        acc = acc * B[i] + T.int8(3)
    O[i, 1] = T.cast(acc, "int32")
    h = T.local_scalar("uint16", T.cast(i, "uint16"))
    for j in T.serial(K[i]):
        h = h * T.uint16(25173) + T.uint16(13849)
    O[i, 2] = T.cast(h, "int32")
    d = T.local_scalar("uint8", A[i])
    n = T.local_scalar("int32", 0)
    while d + 10 < 260 and n < 300:
        d = d + T.uint8(7)
        n = n + 1
    O[i, 3] = n * 1000 + T.cast(d, "int32")


def main():
    A = np.array([0, 3, 4, 250, 255, 100, 2, 200], np.uint8)
    B = np.array([3, -5, 7, -128, 127, 1, -1, 11], np.int8)
    K = np.array([0, 1, 5, 17, 100, 3, 64, 9], np.int32)
    O = np.zeros((N, 4), np.int64)
    for k in range(N):
        c, s = int(A[k]), 0
        while c != 3:
            c = (c + 1) & 0xFF; s += 1
        acc = 1
        for _ in range(6):
            acc = ((acc * int(B[k]) + 3 + 128) & 0xFF) - 128
        h = k
        for _ in range(int(K[k])):
            h = (h * 25173 + 13849) & 0xFFFF
        d, n = int(A[k]), 0
        while d + 10 < 260 and n < 300:
            d = (d + 7) & 0xFF; n += 1
        O[k] = [s, acc, h, n * 1000 + d]
    return {"A": A, "B": B, "K": K, "O": np.zeros((N, 4), np.int32)}, {"O": O.astype(np.int32)}
