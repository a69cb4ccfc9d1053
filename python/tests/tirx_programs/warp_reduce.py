"""T.cuda.warp_sum / warp_max of a per-lane value."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def warp_red(A: T.Tensor((64,), "int32"), S: T.Tensor((64,), "int32"),
             M: T.Tensor((64,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    S[tx] = T.cuda.warp_sum(A[tx])
    M[tx] = T.cuda.warp_max(A[tx], 8)


def main():
    A = np.random.default_rng(5).integers(-100, 100, 64).astype(np.int32)
    S = np.repeat(A.reshape(2, 32).sum(axis=1), 32).astype(np.int32)
    M = np.repeat(A.reshape(8, 8).max(axis=1), 8).astype(np.int32)
    return {"A": A, "S": np.zeros_like(A), "M": np.zeros_like(A)}, {"S": S, "M": M}
