"""Data-dependent while loops per thread: Euclid's gcd on uint32 (loop
until b == 0, with % on unsigned), binary (Stein) gcd with count-trailing
zeros via T.clz of the isolated low bit, and Collatz step counts on int64
with a break once the value drops below the start."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def loops(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"), G: T.Tensor((N, 2), "uint32"),
          S: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    a = T.local_scalar("uint32")
    b = T.local_scalar("uint32")
    a = A[t]
    b = B[t]
    while b != T.uint32(0):
        r = a % b
        a = b
        b = r
    G[t, 0] = a
    u = T.local_scalar("uint32")
    v = T.local_scalar("uint32")
    u = A[t]
    v = B[t]
    sh = T.local_scalar("int32")
    sh = 0
    while ((u | v) & T.uint32(1)) == T.uint32(0):
        u = u >> T.uint32(1)
        v = v >> T.uint32(1)
        sh = sh + 1
    while (u & T.uint32(1)) == T.uint32(0):
        u = u >> T.uint32(31 - T.clz(u & (T.uint32(0) - u)))
    while v != T.uint32(0):
        v = v >> T.uint32(31 - T.clz(v & (T.uint32(0) - v)))
        if u > v:
            tmp = u
            u = v
            v = tmp
        v = v - u
    G[t, 1] = u << T.uint32(sh)
    n = T.local_scalar("int64")
    n = T.int64(A[t]) + T.int64(1)
    steps = T.local_scalar("int32")
    steps = 0
    while n != T.int64(1):
        if (n & T.int64(1)) == T.int64(0):
            n = n >> T.int64(1)
        else:
            n = n * T.int64(3) + T.int64(1)
        steps = steps + 1
        if steps > 5000:
            break
    S[t] = steps


def main():
    import math
    rng = np.random.default_rng(23)
    A = (rng.integers(1, 1 << 20, N) * rng.integers(1, 64, N)).astype(np.uint32)
    B = (rng.integers(1, 1 << 16, N) * rng.integers(1, 64, N)).astype(np.uint32)
    B[3] = A[3]
    B[4] = 1
    G = np.array([[math.gcd(int(a), int(b))] * 2 for a, b in zip(A, B)], np.uint32)
    S = np.zeros(N, np.int32)
    for i, a in enumerate(A):
        n, s = int(a) + 1, 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            s += 1
            if s > 5000:
                break
        S[i] = s
    return {"A": A, "B": B, "G": np.zeros((N, 2), np.uint32), "S": np.zeros(N, np.int32)}, {"G": G, "S": S}
