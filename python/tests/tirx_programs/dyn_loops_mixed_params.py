"""Dynamic loops bounded by scalar parameters of several dtypes: an int64
range [lo, hi), a uint8 trip count, a negative int32 step in a while loop,
a float64 scale and a bool selecting the accumulation direction."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
M = 300


@T.function
def dloops(A: T.Tensor((M,), "int32"), lo: T.int64, hi: T.int64, cnt: T.uint8,
           step: T.int32, scale: T.float64, up: T.bool,
           S: T.Tensor((N,), "int64"), C: T.Tensor((N,), "int32"), W: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    acc = T.local_scalar("int64", T.int64(0))
    for i in T.serial(lo, hi):
        if (i + T.cast(t, "int64")) % T.int64(3) == T.int64(0):
            acc = acc + T.cast(A[i], "int64") * i
    S[t] = acc
    c = T.local_scalar("int32", 0)
    for k in range(T.cast(cnt, "int32")):
        c = c + (k ^ t)
    C[t] = c
    j = T.local_scalar("int32", M - 1 - t)
    w = T.local_scalar("float64", T.float64(0))
    while j >= 0:
        if up:
            w = w + T.cast(A[j], "float64") * scale
        else:
            w = w - T.cast(A[j], "float64")
        j = j + step
    W[t] = w


def main():
    rng = np.random.default_rng(1105)
    A = rng.integers(-1000, 1000, M).astype(np.int32)
    lo, hi, cnt, step, scale = 17, 251, 200, -7, 0.25
    S = np.zeros(N, np.int64); C = np.zeros(N, np.int32); W = np.zeros(N)
    for t in range(N):
        S[t] = sum(int(A[i]) * i for i in range(lo, hi) if (i + t) % 3 == 0)
        C[t] = sum(k ^ t for k in range(cnt))
        w = 0.0
        j = M - 1 - t
        while j >= 0:
            w = w + float(A[j]) * scale
            j += step
        W[t] = w
    return ({"A": A, "lo": np.int64(lo), "hi": np.int64(hi), "cnt": np.uint8(cnt), "step": np.int32(step),
             "scale": np.float64(scale), "up": np.bool_(True), "S": np.zeros(N, np.int64),
             "C": np.zeros(N, np.int32), "W": np.zeros(N)}, {"S": S, "C": C, "W": W})
