"""The lower-case T.ramp / T.broadcast vector constructors: a float32x4
load through a ramp index, a broadcast add, and a ramp store."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def rbl(A: T.Tensor((128,), "float32"), B: T.Tensor((128,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    B[T.ramp(i * 4, 1, 4)] = A[T.ramp(i * 4, 1, 4)] + T.broadcast(T.float32(1.5), 4)


def main():
    A = np.arange(128, dtype=np.float32) * 0.25
    return {"A": A, "B": np.zeros(128, np.float32)}, {"B": A + np.float32(1.5)}
