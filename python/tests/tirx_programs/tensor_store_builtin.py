"""T.tensor_store(dest, indices, value) statements instead of subscript
assignment, into a global 2-D tensor and a shared buffer."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def tsb(A: T.Tensor((32,), "int32"), O: T.Tensor((32, 2), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    s = T.alloc_shared((32,), "int32")
    T.tensor_store(s, [i], A[i] * 5)
    T.cuda.cta_sync()
    T.tensor_store(O, [i, 0], s[31 - i])
    T.tensor_store(O, [i, 1], A[i] - 1)


def main():
    A = np.arange(32, dtype=np.int32) * 3
    return {"A": A, "O": np.zeros((32, 2), np.int32)}, {"O": np.stack([A[::-1] * 5, A - 1], 1).astype(np.int32)}
