"""A double-buffered cp.async pipeline with a run-time trip count n (scalar
parameter): element-level T.ptx.cp.async_.ca.shared.global_ copies of 8
bytes (two float32) per thread into stage k % 2 (a kernel-valued index),
commit_group / wait_group(1) / cta_sync, a loop-carried float32 sum of the
neighbour's stage, and a zero-filling copy (src_size 4 of 8 bytes) for the
last stage."""
from tvm_tirx.script import tirx as T
import numpy as np

K = 8


@T.function
def cpd(A: T.Tensor((K, 64, 2), "float32"), n: T.int32, B: T.Tensor((64,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((2, 64, 2), "float32")
    acc = T.local_scalar("float32", 0)
    T.ptx.cp.async_.ca.shared.global_(T.cuda.cvta_generic_to_shared(S.ptr_to([0, t, 0])),
                                      A.ptr_to([0, t, 0]), 8, T.uint32(8))
    T.ptx.cp.async_.commit_group()
    for k in T.serial(n - 1):
        nxt = (k + 1) % 2
        sz = T.Select(k + 2 == n, T.uint32(4), T.uint32(8))
        T.ptx.cp.async_.ca.shared.global_(T.cuda.cvta_generic_to_shared(S.ptr_to([nxt, t, 0])),
                                          A.ptr_to([k + 1, t, 0]), 8, sz)
        T.ptx.cp.async_.commit_group()
        T.ptx.cp.async_.wait_group(1)
        T.cuda.cta_sync()
        acc = acc + S[k % 2, (t + 1) % 64, 0] * T.float32(2) + S[k % 2, (t + 1) % 64, 1]
        T.cuda.cta_sync()
    T.ptx.cp.async_.wait_group(0)
    T.cuda.cta_sync()
    acc = acc + S[(n - 1) % 2, (t + 1) % 64, 0] * T.float32(2) + S[(n - 1) % 2, (t + 1) % 64, 1]
    B[t] = acc


def main():
    rng = np.random.default_rng(4030)
    A = (rng.integers(-64, 64, (K, 64, 2)) / 4).astype(np.float32)
    n = 5
    acc = np.zeros(64, np.float32)
    for k in range(n):
        s = A[k].copy()
        if k == n - 1:
            s[:, 1] = 0
        nb = np.roll(s, -1, axis=0)
        acc = (acc + nb[:, 0] * np.float32(2) + nb[:, 1]).astype(np.float32)
    return {"A": A, "n": np.int32(n), "B": np.zeros(64, np.float32)}, {"B": acc}
