"""A constant-trip loop left with `break` when a kernel value says so: each
lane finds the first negative entry of its row."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def first_negative(A: T.Tensor((32, 16), "float32"), B: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    pos = T.alloc_local((1,), "int32")
    pos[0] = -1
    for i in range(16):
        if A[lane, i] < T.float32(0):
            pos[0] = i
            break
    B[lane] = pos[0]


def main():
    A = np.abs(np.random.default_rng(13).standard_normal((32, 16))).astype(np.float32)
    rng = np.random.default_rng(14)
    for r in range(32):
        for c in rng.choice(16, rng.integers(0, 3), replace=False):
            A[r, c] = -A[r, c] - 1
    want = np.array([next((i for i in range(16) if A[r, i] < 0), -1) for r in range(32)], np.int32)
    return {"A": A, "B": np.zeros(32, np.int32)}, {"B": want}
