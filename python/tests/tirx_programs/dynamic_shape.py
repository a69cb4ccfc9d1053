"""A symbolic tensor extent (T.dynamic): one kernel for any n; a bounds guard
on n."""
from tvm_tirx.script import tirx as T
import numpy as np

n = T.dynamic("n")


@T.function
def dyn_shape(A: T.Tensor((n,), "float32"), B: T.Tensor((n,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=32))
    gid = T.cuda.block_idx("x") * 32 + T.cuda.thread_idx("x")
    if gid < n:
        B[gid] = A[gid] + T.float32(1)


def main():
    A = np.arange(100, dtype=np.float32)
    return {"A": A, "B": np.zeros_like(A)}, {"B": A + 1}
