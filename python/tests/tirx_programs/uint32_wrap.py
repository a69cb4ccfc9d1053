"""uint32 arithmetic: wrap-around of + - *, unsigned comparison (large
values above small), unsigned // and %, and an LCG hash loop (T.serial)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def u32(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
        S: T.Tensor((N,), "uint32"), D: T.Tensor((N,), "uint32"),
        G: T.Tensor((N,), "int32"), Q: T.Tensor((N,), "uint32"),
        H: T.Tensor((N,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    S[i] = a + b * T.uint32(3)
    D[i] = b - a
    G[i] = T.cast(a > b, "int32") + T.cast(a - b < T.uint32(10), "int32") * 2
    Q[i] = a // (b | T.uint32(1)) + a % T.uint32(1000)
    h = T.local_scalar("uint32", a)
    for k in T.serial(4):
        h = h * T.uint32(1664525) + T.uint32(1013904223) + T.cast(k, "uint32")
    H[i] = h


def main():
    rng = np.random.default_rng(405)
    A = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    B = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    A[:3] = [0, 0xFFFFFFFF, 5]
    B[:3] = [0xFFFFFFFF, 1, 0]
    a = [int(x) for x in A]; b = [int(x) for x in B]
    M = 2**32
    S = [(x + y * 3) % M for x, y in zip(a, b)]
    D = [(y - x) % M for x, y in zip(a, b)]
    G = [int(x > y) + int((x - y) % M < 10) * 2 for x, y in zip(a, b)]
    Q = [(x // (y | 1) + x % 1000) % M for x, y in zip(a, b)]
    H = []
    for x in a:
        h = x
        for k in range(4):
            h = (h * 1664525 + 1013904223 + k) % M
        H.append(h)
    outs = {"S": np.array(S, np.uint32), "D": np.array(D, np.uint32),
            "G": np.array(G, np.int32), "Q": np.array(Q, np.uint32),
            "H": np.array(H, np.uint32)}
    ins = {"A": A, "B": B}
    ins.update({k: np.zeros_like(v) for k, v in outs.items()})
    return ins, outs
