"""T.cuda.reduce_add_sync_u32 and reduce_min_sync_u32 (redux.sync) over a
warp, and T.cuda.ffs_u32 (find first set, 1-based, 0 for 0)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def redux(A: T.Tensor((64,), "uint32"), S: T.Tensor((64,), "uint32"),
          M: T.Tensor((64,), "uint32"), F: T.Tensor((64,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    S[tx] = T.cuda.reduce_add_sync_u32(T.uint32(0xFFFFFFFF), A[tx])
    M[tx] = T.cuda.reduce_min_sync_u32(T.uint32(0xFFFFFFFF), A[tx])
    F[tx] = T.cuda.ffs_u32(A[tx])


def main():
    A = np.random.default_rng(504).integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
    A[:2] = [0, 0x80000000]
    A[40] = 8
    a = A.astype(np.uint64).reshape(2, 32)
    S = np.repeat(a.sum(axis=1) % 2**32, 32).astype(np.uint32)
    M = np.repeat(a.min(axis=1), 32).astype(np.uint32)
    F = np.array([(int(x) & -int(x)).bit_length() for x in A], np.int32)
    return ({"A": A, "S": np.zeros_like(A), "M": np.zeros_like(A), "F": np.zeros(64, np.int32)},
            {"S": S, "M": M, "F": F})
