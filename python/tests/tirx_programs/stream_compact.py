"""Block-wide stream compaction: each thread keeps A[i] if it is not a
multiple of 3; ranks within the warp from __ballot_sync & lanemask_lt and
popcount, warp totals exclusive-scanned by warp 0 with __shfl_up_sync through
shared memory, then kept values written densely; the block's count goes to
C. 256 threads, 4 blocks, each compacting its own segment."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 1024


@T.function
def compact(A: T.Tensor((N,), "int32"), O: T.Tensor((N,), "int32"), C: T.Tensor((4,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=256))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    lane = t % 32
    w = t // 32
    tot = T.alloc_shared((8,), "int32")
    v = A[b * 256 + t]
    keep = v % 3 != 0
    m = T.cuda.ballot_sync(T.uint32(0xFFFFFFFF), keep)
    below = m & ((T.uint32(1) << T.uint32(lane)) - T.uint32(1))
    rank = T.popcount(below)
    if lane == 31:
        tot[w] = T.popcount(m)
    T.cuda.cta_sync()
    if w == 0:
        x = T.local_scalar("int32")
        x = T.if_then_else(lane < 8, tot[lane % 8], 0)
        for k in T.unroll(3):
            y = T.cuda.__shfl_up_sync(T.uint32(0xFFFFFFFF), x, 1 << k, 32)
            if lane >= (1 << k):
                x = x + y
        if lane < 8:
            tot[lane] = x - tot[lane]
        if lane == 7:
            C[b] = x
    T.cuda.cta_sync()
    if keep:
        O[b * 256 + tot[w] + T.int32(rank)] = v


def main():
    A = np.random.default_rng(5).integers(-5000, 5000, N).astype(np.int32)
    O = np.zeros(N, np.int32)
    C = np.zeros(4, np.int32)
    for b in range(4):
        seg = A[b * 256:(b + 1) * 256]
        kept = seg[seg % 3 != 0]
        O[b * 256:b * 256 + len(kept)] = kept
        C[b] = len(kept)
    return {"A": A, "O": np.zeros_like(O), "C": np.zeros_like(C)}, {"O": O, "C": C}
