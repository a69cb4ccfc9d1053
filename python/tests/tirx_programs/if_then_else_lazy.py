"""T.if_then_else evaluates only the chosen arm: the other arm's index is
far out of bounds for most threads (TIRx prints C's ?:)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def itel(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    B[i] = T.if_then_else(i < 1, A[i * 4000000], T.if_then_else(i < 31, A[i + 1], A[i - 31 * 5000000 + 31 * 5000000]))


def main():
    A = np.arange(32, dtype=np.int32) * 3 + 1
    B = np.concatenate([[A[0]], A[2:32], [A[31]]]).astype(np.int32)
    return {"A": A, "B": np.zeros(32, np.int32)}, {"B": B}
