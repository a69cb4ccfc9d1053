"""A loop-carried scalar updated conditionally inside a constant loop: running
max and its argmax over a row (plain Python names, as TIRx allows)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def argmax_row(A: T.Tensor((32, 8), "float32"), M: T.Tensor((32,), "float32"),
               I: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    best: T.float32 = A[lane, 0]
    arg: T.int32 = 0
    for i in T.serial(1, 8):
        if A[lane, i] > best:
            best = A[lane, i]
            arg = i
    M[lane] = best
    I[lane] = arg


def main():
    A = np.random.default_rng(24).standard_normal((32, 8)).astype(np.float32)
    return {"A": A, "M": np.zeros(32, np.float32), "I": np.zeros(32, np.int32)}, \
        {"M": A.max(1), "I": A.argmax(1).astype(np.int32)}
