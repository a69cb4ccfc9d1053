"""T.cuda.printf with int32/float32 arguments on one thread, alongside a
normal output."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def pdbg(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    B[i] = A[i] + 1
    if i == 0:
        T.cuda.printf("A[0]=%d half=%f\n", A[i], T.cast(A[i], "float32") * T.float32(0.5))


def main():
    A = np.arange(32, dtype=np.int32) * 5
    return {"A": A, "B": np.zeros_like(A)}, {"B": A + 1}
