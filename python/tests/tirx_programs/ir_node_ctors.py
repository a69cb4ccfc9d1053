"""TIRx's expression node constructors used directly in a kernel: T.Cast,
T.Max, T.Min, T.FloorDiv, T.FloorMod and T.Select."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def inc(A: T.Tensor((32,), "int32"), O: T.Tensor((32, 5), "int32"), H: T.Tensor((32,), "int16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    a = A[i]
    O[i, 0] = T.Max(a, T.int32(3))
    O[i, 1] = T.Min(a, T.int32(-3))
    O[i, 2] = T.FloorDiv(a, T.int32(4))
    O[i, 3] = T.FloorMod(a, T.int32(4))
    O[i, 4] = T.Select(a > 0, a, T.int32(0))
    H[i] = T.Cast("int16", a * 1000)


def main():
    A = np.arange(32, dtype=np.int32) - 16
    O = np.stack([np.maximum(A, 3), np.minimum(A, -3), A // 4, A % 4, np.maximum(A, 0)], 1).astype(np.int32)
    return ({"A": A, "O": np.zeros((32, 5), np.int32), "H": np.zeros(32, np.int16)},
            {"O": O, "H": (A * 1000).astype(np.int16)})
