"""int64 index arithmetic: a "virtual" position pos = base + t*stride in
int64 (past 2^31, from int64 parameters), brought back to a small index by
int64 floordiv/floormod (TIRx's `//` and `%`), negative int64 offsets,
an int64 loop variable (`T.serial(T.int64(lo), T.int64(hi))`), a 64-bit
mul.wide.s32 product used as an index after >>, and uint64 keys hashed to a
bucket with a 64-bit multiply-shift."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
B = 64


@T.function
def int64_index_wide(X: T.Tensor((B,), "int32"), base: T.int64, stride: T.int64,
                     K: T.Tensor((N,), "uint64"), O: T.Tensor((N, 5), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    pos = base + T.cast(t, "int64") * stride
    O[t, 0] = pos
    O[t, 1] = T.cast(X[pos % T.int64(B)], "int64") + pos // T.int64(1 << 33)
    neg = T.int64(-7) - pos
    O[t, 2] = neg % T.int64(B) * T.int64(1000) + neg // T.int64(3000000000)
    acc = T.local_scalar("int64")
    acc = T.int64(0)
    for j in T.serial(T.int64(3000000000), T.int64(3000000005)):
        acc = acc * T.int64(7) + T.cast(X[(j + T.cast(t, "int64")) % T.int64(B)], "int64") + j
    O[t, 3] = acc
    w = T.local_scalar("int64")
    T.ptx.mul.wide.s32(w, T.int32(-123457) * (t + 1), T.int32(98765))
    h = (K[t] * T.uint64(0x9E3779B97F4A7C15)) >> T.uint64(58)
    O[t, 4] = T.cast(X[(w >> T.int64(40)) % T.int64(B)], "int64") * T.int64(100) + T.cast(h, "int64")


def main():
    rng = np.random.default_rng(9014)
    X = rng.integers(-1000, 1000, B).astype(np.int32)
    K = rng.integers(0, 2 ** 64 - 1, N, dtype=np.uint64)
    base, stride = 5_000_000_123, -987_654_321
    O = np.zeros((N, 5), np.int64)
    M64 = 1 << 64
    for t in range(N):
        pos = base + t * stride
        neg = -7 - pos
        acc = 0
        for j in range(3000000000, 3000000005):
            acc = acc * 7 + int(X[(j + t) % B]) + j
        w = (-123457 * (t + 1)) * 98765
        h = ((int(K[t]) * 0x9E3779B97F4A7C15) % M64) >> 58
        O[t] = [pos, int(X[pos % B]) + pos // (1 << 33), (neg % B) * 1000 + neg // 3000000000,
                acc, int(X[(w >> 40) % B]) * 100 + h]
    return {"X": X, "base": np.int64(base), "stride": np.int64(stride), "K": K,
            "O": np.zeros_like(O)}, {"O": O}
