"""Block sum by a shared-memory tree: halving strides in a T.unroll loop
with a cta_sync each step, thread 0 writes the block's total (int32)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def tree_sum(A: T.Tensor((4, 128), "int32"), S: T.Tensor((4,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=128))
    bx = T.cuda.block_idx("x")
    tx = T.cuda.thread_idx("x")
    buf = T.alloc_shared((128,), "int32")
    buf[tx] = A[bx, tx]
    T.cuda.cta_sync()
    for k in T.unroll(7):
        stride = 64 >> k
        if tx < stride:
            buf[tx] = buf[tx] + buf[tx + stride]
        T.cuda.cta_sync()
    if tx == 0:
        S[bx] = buf[0]


def main():
    A = np.random.default_rng(106).integers(-1000, 1000, (4, 128)).astype(np.int32)
    return {"A": A, "S": np.zeros(4, np.int32)}, {"S": A.sum(axis=1).astype(np.int32)}
