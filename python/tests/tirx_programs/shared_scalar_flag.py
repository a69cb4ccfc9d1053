"""T.shared_scalar as a block-wide value: thread 0 computes the block's
row maximum into it serially, a barrier, every thread normalizes by it;
T.alloc_local((1,)) scalar for a per-thread counter."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def norm(A: T.Tensor((4, 64), "int32"), B: T.Tensor((4, 64), "int32"),
         C: T.Tensor((4, 64), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=64))
    bx = T.cuda.block_idx("x")
    tx = T.cuda.thread_idx("x")
    mx = T.shared_scalar("int32")
    if tx == 0:
        mx = A[bx, 0]
        for k in T.serial(1, 64):
            mx = T.max(mx, A[bx, k])
    T.cuda.cta_sync()
    B[bx, tx] = mx - A[bx, tx]
    c = T.alloc_local((1,), "int32")
    c[0] = 0
    for k in T.serial(64):
        if A[bx, k] > A[bx, tx]:
            c[0] = c[0] + 1
    C[bx, tx] = c[0]


def main():
    A = np.random.default_rng(508).integers(-1000, 1000, (4, 64)).astype(np.int32)
    B = (A.max(axis=1, keepdims=True) - A).astype(np.int32)
    C = (A[:, None, :] > A[:, :, None]).sum(axis=2).astype(np.int32)
    return ({"A": A, "B": np.zeros_like(A), "C": np.zeros_like(A)}, {"B": B, "C": C})
