"""T.grid over two constant extents: each lane transposes a 4x8 block."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def grid_transpose(A: T.Tensor((32, 4, 8), "int32"),
                   B: T.Tensor((32, 8, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    for i, j in T.grid(4, 8):
        B[lane, j, i] = A[lane, i, j] * 3 + i - j


def main():
    A = np.random.default_rng(1).integers(-1000, 1000, (32, 4, 8)).astype(np.int32)
    i = np.arange(4).reshape(1, 4, 1)
    j = np.arange(8).reshape(1, 1, 8)
    want = (A * 3 + i - j).transpose(0, 2, 1).astype(np.int32)
    return {"A": A, "B": np.zeros((32, 8, 4), np.int32)}, {"B": want}
