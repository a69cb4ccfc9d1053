"""Loop forms with kernel-valued bounds: T.serial(start, stop, step=3) with a
start from a tensor, a stop below the start (no trip), T.serial(2, 9, step=2) of constants,
a nested loop whose inner bound is the outer index, an inner break that leaves
only the inner loop, a continue in the outer, and T.serial over an int64
range from a scalar parameter."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 8


@T.function
def lfd(S: T.Tensor((N,), "int32"), E: T.Tensor((N,), "int32"), K: T.int64,
        O: T.Tensor((N, 6), "int32"), L: T.Tensor((N,), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    acc = T.local_scalar("int32", 0)
    for j in T.serial(S[i], E[i], step=3):
        acc = acc + j * j
    O[i, 0] = acc
    cnt = T.local_scalar("int32", 0)
    for j in T.serial(E[i], S[i]):
        cnt = cnt + 1
    O[i, 1] = cnt
    u = T.local_scalar("int32", 0)
    for j in T.serial(2, 9, step=2):
        u = u * 3 + j + i
    O[i, 2] = u
    tri = T.local_scalar("int32", 0)
    for a in T.serial(0, i + 1):
        for b in T.serial(0, a):
            tri = tri + b
    O[i, 3] = tri
    nb = T.local_scalar("int32", 0)
    for a in T.serial(0, 6):
        if a == i % 3:
            continue
        for b in T.serial(0, 10):
            if b * a > i:
                break
            nb = nb + 1
    O[i, 4] = nb
    w = T.local_scalar("int32", i)
    for j in T.serial(0, 5):
        w = w ^ (w << 3)
    O[i, 5] = w
    t = T.local_scalar("int64", 0)
    for j in T.serial(K - 3, K + i):
        t = t + j
    L[i] = t


def main():
    S = np.array([0, 5, -4, 10, 3, 7, -9, 1], np.int32)
    E = np.array([10, 5, 8, 2, 31, 8, -1, 100], np.int32)
    K = 2**40 + 7
    O = np.zeros((N, 6), np.int64)
    L = np.zeros(N, np.int64)
    for i in range(N):
        s, e = int(S[i]), int(E[i])
        O[i, 0] = sum(j * j for j in range(s, e, 3))
        O[i, 1] = len(range(e, s))
        u = 0
        for j in range(2, 9, 2):
            u = u * 3 + j + i
        O[i, 2] = u
        O[i, 3] = sum(b for a in range(i + 1) for b in range(a))
        nb = 0
        for a in range(6):
            if a == i % 3:
                continue
            for b in range(10):
                if b * a > i:
                    break
                nb += 1
        O[i, 4] = nb
        w = i
        for j in range(5):
            w = (w ^ (w << 3)) & 0xFFFFFFFF
        O[i, 5] = np.array(w, np.uint32).view(np.int32)
        L[i] = sum(range(K - 3, K + i))
    return ({"S": S, "E": E, "K": K, "O": np.zeros((N, 6), np.int32), "L": np.zeros(N, np.int64)},
            {"O": O.astype(np.int32), "L": L})
