"""A scalar chosen by a lane branch, with typed constants on both sides
(`scale: T.float32 = 1` then reassigned under `if`)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def rebind_const(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    scale: T.float32 = T.float32(1)
    if lane < 8:
        scale = T.float32(2)
    B[lane] = A[lane] * scale


def main():
    A = np.arange(32, dtype=np.float32)
    want = np.where(np.arange(32) < 8, A * 2, A).astype(np.float32)
    return {"A": A, "B": np.zeros_like(A)}, {"B": want}
