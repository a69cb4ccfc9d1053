"""T.cuda.__activemask() inside divergent branches: the mask of the lanes
that took the branch (lane % 3 == 0, then lanes >= 20 inside an else),
and a __ballot_sync over exactly that mask, as CUDA code written for
independent thread scheduling does."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def amd(A: T.Tensor((64,), "int32"), M: T.Tensor((64,), "uint32"), B: T.Tensor((64,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    l = T.cuda.lane_id()
    if l % 3 == 0:
        m = T.cuda.__activemask()
        M[t] = m
        B[t] = T.cuda.ballot_sync(m, T.cast(A[t] > 0, "int32"))
    else:
        if l >= 20:
            m2 = T.cuda.__activemask()
            M[t] = m2
            B[t] = T.cuda.ballot_sync(m2, T.cast(A[t] > 0, "int32"))
        else:
            M[t] = T.uint32(7)
            B[t] = T.uint32(7)


def main():
    A = np.random.default_rng(4005).integers(-5, 5, 64).astype(np.int32)
    M = np.zeros(64, np.uint32); B = np.zeros(64, np.uint32)
    g1 = [l for l in range(32) if l % 3 == 0]
    g2 = [l for l in range(32) if l % 3 != 0 and l >= 20]
    for w in range(2):
        for grp in (g1, g2):
            mask = sum(1 << l for l in grp)
            bal = sum(1 << l for l in grp if A[w * 32 + l] > 0)
            for l in grp:
                M[w * 32 + l] = mask; B[w * 32 + l] = bal
        for l in range(32):
            if l % 3 != 0 and l < 20:
                M[w * 32 + l] = 7; B[w * 32 + l] = 7
    return {"A": A, "M": np.zeros_like(M), "B": np.zeros_like(B)}, {"M": M, "B": B}
