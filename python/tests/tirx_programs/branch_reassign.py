"""A mutable scalar reassigned in both branches of an `if` on a lane value,
then used after it."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def if_reassign(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    v: T.float32 = A[lane]
    if lane < 10:
        v = v * T.float32(2)
    elif lane < 20:
        v = v + T.float32(100)
    else:
        v = -v
    B[lane] = v


def main():
    A = np.arange(32, dtype=np.float32) + 0.25
    l = np.arange(32)
    want = np.where(l < 10, A * 2, np.where(l < 20, A + 100, -A)).astype(np.float32)
    return {"A": A, "B": np.zeros_like(A)}, {"B": want}
