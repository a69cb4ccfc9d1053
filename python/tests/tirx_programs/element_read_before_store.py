"""A value read from a tensor, then the tensor overwritten, then the value
used: in-place update that keeps the old value (swap two columns)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def swap_cols(A: T.Tensor((32, 2), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    old = A[lane, 0]
    A[lane, 0] = A[lane, 1]
    A[lane, 1] = old


def main():
    A = np.random.default_rng(25).standard_normal((32, 2)).astype(np.float32)
    return {"A": A.copy()}, {"A": A[:, ::-1].copy()}
