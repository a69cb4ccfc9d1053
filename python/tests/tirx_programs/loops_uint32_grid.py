"""Loop forms: `T.serial(..., dtype="uint32")` whose variable wraps in
unsigned arithmetic (i - 5, i * 0x9E3779B9), T.grid with (start, extent) pairs
and a run-time extent, `T.serial(a, b, step=s, unroll=2)` with run-time
bounds and step, `T.unroll(0, 12, step=4)`, a triangular nest whose inner
start is the outer variable, and a uint32 loop with a uint32 parameter bound."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 16


@T.function
def loops_uint32_grid(X: T.Tensor((64,), "int32"), n: T.int32, s: T.int32, u: T.uint32,
                      O: T.Tensor((N, 8), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    h = T.local_scalar("uint32")
    h = T.uint32(0)
    for i in T.serial(n, dtype="uint32"):
        h = h ^ ((i - T.uint32(5)) >> 28) + i * T.uint32(0x9E3779B9) + T.cast(t, "uint32")
    O[t, 0] = h
    acc = T.local_scalar("int32")
    acc = 0
    for a, b in T.grid((2, 3), (1, n)):
        acc = acc + X[a * 8 + b] * (a + 1) - b
    O[t, 1] = T.cast(acc + t, "uint32")
    acc2 = T.local_scalar("int32")
    acc2 = 0
    for k in T.serial(t, n + 20, step=s, unroll=2):
        acc2 = acc2 * 3 + X[k]
    O[t, 2] = T.cast(acc2, "uint32")
    acc3 = T.local_scalar("int32")
    acc3 = 0
    for k in T.unroll(0, 12, step=4):
        acc3 = acc3 * 100 + X[k + t] + k
    O[t, 3] = T.cast(acc3, "uint32")
    tri = T.local_scalar("int32")
    tri = 0
    for i in T.serial(n):
        for j in T.serial(i, n):
            tri = tri + X[j] * (i + 1) - X[t]
    O[t, 4] = T.cast(tri, "uint32")
    w = T.local_scalar("uint32")
    w = T.uint32(7)
    for i in T.serial(T.uint32(3), u, dtype="uint32"):
        w = w * T.uint32(31) + (i << T.uint32(29)) + T.cast(t, "uint32")
    O[t, 5] = w
    c = T.local_scalar("int32")
    c = 0
    for i in range(3, 40, 7):
        if X[i] > t:
            c = c + i
    O[t, 6] = T.cast(c, "uint32")
    m = T.local_scalar("int32")
    m = -(2 ** 31)
    for i in T.serial(t % 4, n, step=4):
        m = T.max(m, X[i] - i)
    O[t, 7] = T.cast(m, "uint32")


def main():
    rng = np.random.default_rng(9002)
    X = rng.integers(-1000, 1000, 64).astype(np.int32)
    n, s, u = 11, 3, 9
    M = (1 << 32) - 1
    O = np.zeros((N, 8), np.uint32)
    for t in range(N):
        h = 0
        for i in range(n):
            h = h ^ ((((i - 5) & M) >> 28) + (i * 0x9E3779B9) + t) & M
        acc = 0
        for a in range(2, 5):
            for b in range(1, 1 + n):
                acc += int(X[a * 8 + b]) * (a + 1) - b
        acc2 = 0
        for k in range(t, n + 20, s):
            acc2 = (acc2 * 3 + int(X[k])) & M
        acc3 = 0
        for k in range(0, 12, 4):
            acc3 = acc3 * 100 + int(X[k + t]) + k
        tri = 0
        for i in range(n):
            for j in range(i, n):
                tri += int(X[j]) * (i + 1) - int(X[t])
        w = 7
        for i in range(3, u):
            w = (w * 31 + ((i << 29) & M) + t) & M
        c = sum(i for i in range(3, 40, 7) if X[i] > t)
        m = max([int(X[i]) - i for i in range(t % 4, n, 4)] + [-(2 ** 31)])
        O[t] = [h, (acc + t) & M, acc2 & M, acc3 & M, tri & M, w, c, m & M]
    return {"X": X, "n": np.int32(n), "s": np.int32(s), "u": np.uint32(u),
            "O": np.zeros_like(O)}, {"O": O}
