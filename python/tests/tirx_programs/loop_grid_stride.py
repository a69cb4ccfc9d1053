"""A grid-stride loop: start at the global thread index, step by the number
of threads (T.serial(start, stop, step=...) with a kernel-value start)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def grid_stride(A: T.Tensor((1000,), "float32"), B: T.Tensor((1000,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=64))
    gid = T.cuda.block_idx("x") * 64 + T.cuda.thread_idx("x")
    for i in T.serial(gid, 1000, step=128):
        B[i] = A[i] * T.float32(2) + T.float32(1)


def main():
    A = np.arange(1000, dtype=np.float32) / 8
    return {"A": A, "B": np.zeros_like(A)}, {"B": (A * 2 + 1).astype(np.float32)}
