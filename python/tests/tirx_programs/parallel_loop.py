"""T.parallel loops inside a thread (a TIRx ForKind.PARALLEL), with a start
and nested under T.serial."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def ploop(A: T.Tensor((16, 8), "int32"), B: T.Tensor((16, 8), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=16))
    i = T.cuda.thread_idx("x")
    for j in T.parallel(8):
        B[i, j] = A[i, j] * 3
    for j in T.serial(2):
        for k in T.parallel(1, 4):
            B[i, j * 4 + k] = B[i, j * 4 + k] + B[i, j * 4]


def main():
    A = np.arange(128, dtype=np.int32).reshape(16, 8) - 40
    B = A * 3
    for j in range(2):
        for k in range(1, 4):
            B[:, j * 4 + k] += B[:, j * 4]
    return {"A": A, "B": np.zeros_like(A)}, {"B": B}
