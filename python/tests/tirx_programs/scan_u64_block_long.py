"""Exclusive prefix sum of 10,240 uint64 values (wrapping mod 2^64) by one
block of 128 threads: each thread reduces its 80 consecutive values (an 80-trip
T.serial), the warp scans the thread totals with __shfl_up_sync on uint64
(inclusive, offsets 1..16, lanes below the offset keep theirs), lane 31 writes
the warp total to shared, warp 0 scans the 4 totals, and each thread rewrites
its 80 values as the running exclusive prefix (a second 80-trip loop)."""
from tvm_tirx.script import tirx as T
import numpy as np

NT = 128
PER = 80
N = NT * PER


@T.function
def scan_u64_block_long(X: T.Tensor((N,), "uint64"), Y: T.Tensor((N,), "uint64"),
                        Tot: T.Tensor((1,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=NT))
    t = T.cuda.thread_idx("x")
    lane = T.cuda.lane_id()
    w = T.cuda.warp_id()
    WS = T.alloc_shared((4,), "uint64")
    s = T.local_scalar("uint64")
    s = T.uint64(0)
    for k in T.serial(PER):
        s = s + X[t * PER + k]
    inc = T.local_scalar("uint64")
    inc = s
    for j in T.unroll(5):
        o = T.cuda.__shfl_up_sync(T.uint32(0xFFFFFFFF), inc, 1 << j, 32)
        if lane >= (1 << j):
            inc = inc + o
    if lane == 31:
        WS[w] = inc
    T.cuda.cta_sync()
    if t == 0:
        run = T.local_scalar("uint64")
        run = T.uint64(0)
        for q in T.unroll(4):
            v = WS[q]
            WS[q] = run
            run = run + v
        Tot[0] = run
    T.cuda.cta_sync()
    pre = T.local_scalar("uint64")
    pre = WS[w] + inc - s
    for k in T.serial(PER):
        x = X[t * PER + k]
        Y[t * PER + k] = pre
        pre = pre + x


def main():
    rng = np.random.default_rng(1028)
    X = rng.integers(0, 2**64, N, dtype=np.uint64)
    X[::7] = np.uint64(2**64 - 1)
    cs = np.zeros(N, np.uint64)
    acc = 0
    for i in range(N):
        cs[i] = acc
        acc = (acc + int(X[i])) % 2**64
    return ({"X": X, "Y": np.zeros(N, np.uint64), "Tot": np.zeros(1, np.uint64)},
            {"Y": cs, "Tot": np.array([acc], np.uint64)})
