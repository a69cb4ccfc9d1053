"""Block-wide exclusive prefix sum of a ragged int32 array (n given at run
time): 256 threads x 2 items, items past n read as 0 via T.if_then_else;
each thread sums its pair, the warp scan by shfl.sync.up.b32 with its
predicate output, warp totals into shared, bar.sync 1 (256), warp 0 scans
the 8 totals with __shfl_up_sync, bar.sync 1 again, then predicated stores
of the exclusive prefix (only i < n).  Also the block max of the items by
redux.sync.max.s32 per warp + atomicMax-free shared tree, and the number of
positive items by vote.ballot + popc."""
from tvm_tirx.script import tirx as T
import numpy as np

NMAX = 512


@T.function
def scan(X: T.Tensor((NMAX,), "int32"), n: T.int32, Y: T.Tensor((NMAX,), "int32"),
         R: T.Tensor((2,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256))
    tid = T.cuda.thread_idx("x")
    lane = T.cuda.lane_id()
    wid = T.cuda.warp_id()
    tot = T.alloc_shared((8,), "int32")
    mx = T.alloc_shared((8,), "int32")
    cnt = T.alloc_shared((8,), "int32")
    x0 = T.if_then_else(2 * tid < n, X[2 * tid], 0)
    x1 = T.if_then_else(2 * tid + 1 < n, X[2 * tid + 1], 0)
    s = T.local_scalar("int32", x0 + x1)
    r = T.local_scalar("int32")
    p = T.local_scalar("uint32")
    for k in T.unroll(5):
        T.ptx.shfl_sync.up.b32(r, p, s, T.uint32(1 << k), T.uint32(0), T.uint32(0xFFFFFFFF))
        if p != T.uint32(0):
            s = s + r
    m = T.local_scalar("int32")
    T.ptx.redux_sync.max.s32(m, T.max(x0, x1), T.uint32(0xFFFFFFFF))
    b = T.local_scalar("uint32")
    T.ptx.vote_sync.ballot.b32(b, T.ptx.pred(T.cast(x0 > 0, "uint32")), T.uint32(0xFFFFFFFF))
    b2 = T.local_scalar("uint32")
    T.ptx.vote_sync.ballot.b32(b2, T.ptx.pred(T.cast(x1 > 0, "uint32")), T.uint32(0xFFFFFFFF))
    if lane == 31:
        tot[wid] = s
        mx[wid] = m
        cnt[wid] = T.popcount(b) + T.popcount(b2)
    T.ptx.bar.sync(T.uint32(1), T.uint32(256))
    if wid == 0:
        v = T.local_scalar("int32", 0)
        if lane < 8:
            v = tot[lane]
        inc = T.local_scalar("int32", v)
        for k in T.unroll(3):
            u = T.cuda.__shfl_up_sync(T.uint32(0xFFFFFFFF), inc, 1 << k, 32)
            if lane >= (1 << k):
                inc = inc + u
        if lane < 8:
            tot[lane] = inc - v
        if lane == 0:
            mm = T.local_scalar("int32", mx[0])
            cc = T.local_scalar("int32", cnt[0])
            for j in T.unroll(1, 8):
                mm = T.max(mm, mx[j])
                cc = cc + cnt[j]
            R[0] = mm
            R[1] = cc
    T.ptx.bar.sync(T.uint32(1), T.uint32(256))
    ex = s - (x0 + x1) + tot[wid]
    if 2 * tid < n:
        Y[2 * tid] = ex
    if 2 * tid + 1 < n:
        Y[2 * tid + 1] = ex + x0


def main():
    rng = np.random.default_rng(708)
    n = 397
    X = rng.integers(-1000, 1000, NMAX).astype(np.int32)
    xs = np.where(np.arange(NMAX) < n, X, 0)
    Y = np.full(NMAX, -7, np.int32)
    Y[:n] = (np.cumsum(xs) - xs)[:n]
    R = np.array([xs.max(), (xs > 0).sum()], np.int32)
    return {"X": X, "n": n, "Y": np.full(NMAX, -7, np.int32), "R": np.zeros(2, np.int32)}, {"Y": Y, "R": R}
