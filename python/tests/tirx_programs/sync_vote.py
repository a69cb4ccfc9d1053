"""T.cuda.syncthreads_or and syncthreads_and (bar.red) over two blocks of
two warps: one block where a single thread makes the or true and one
thread the and false, one where neither happens."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def sync_vote(A: T.Tensor((2, 64), "int32"), B: T.Tensor((2, 64), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=64))
    bx = T.cuda.block_idx("x")
    tx = T.cuda.thread_idx("x")
    o = T.cuda.syncthreads_or(T.cast(A[bx, tx] > 50, "int32"))
    a = T.cuda.syncthreads_and(T.cast(A[bx, tx] > -90, "int32"))
    B[bx, tx] = o * 2 + a


def main():
    A = np.random.default_rng(15).integers(-89, 50, (2, 64)).astype(np.int32)
    A[1, 17] = 77
    A[1, 3] = -95
    want = np.zeros((2, 64), np.int32)
    for b in range(2):
        o = int((A[b] > 50).any()); a = int((A[b] > -90).all())
        want[b] = (o != 0) * 2 + (a != 0)
    return {"A": A, "B": np.zeros_like(A)}, {"B": want}
