"""T.cuda.trap_when_assert_failed(cond) on conditions that hold (TIRx's
device-side assert), between ordinary stores."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def tra(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    T.cuda.trap_when_assert_failed(A[i] >= 0)
    B[i] = A[i] * A[i]
    T.cuda.trap_when_assert_failed(B[i] < 100000)


def main():
    A = np.arange(32, dtype=np.int32) * 5
    return {"A": A, "B": np.zeros(32, np.int32)}, {"B": A * A}
