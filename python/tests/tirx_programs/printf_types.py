"""T.cuda.printf with int64, uint64, uint32, float64, int8 and bool
arguments (TIRx's variadic helper widens each)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def pty(A: T.Tensor((4,), "int64"), D: T.Tensor((4,), "float64"), B: T.Tensor((4,), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
    i = T.cuda.thread_idx("x")
    if i == 2:
        T.cuda.printf("%lld %llu %u %.3f %d %d\n", A[i], T.cast(A[i], "uint64"),
                      T.cast(i, "uint32"), D[i], T.int8(-5), A[i] > 0)
    B[i] = A[i] * 2


def main():
    A = np.array([1, -2, 3000000000000, 4], np.int64)
    return {"A": A, "D": np.array([0.5, 1.5, 2.25, 3.0]), "B": np.zeros(4, np.int64)}, {"B": A * 2}
