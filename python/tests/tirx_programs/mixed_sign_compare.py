"""Comparisons and arithmetic mixing int32 and uint32 kernel values via
explicit casts, and int8/uint8 tensor wraparound on store."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def msc(A: T.Tensor((32,), "int32"), U: T.Tensor((32,), "uint32"),
        B8: T.Tensor((32,), "int8"), C8: T.Tensor((32,), "uint8"),
        O: T.Tensor((32, 3), "int32"), W8: T.Tensor((32, 2), "int8"), V8: T.Tensor((32, 2), "uint8")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    O[i, 0] = T.Select(T.cast(A[i], "uint32") < U[i], T.int32(1), T.int32(0))
    O[i, 1] = T.Select(A[i] < T.cast(U[i], "int32"), T.int32(1), T.int32(0))
    O[i, 2] = T.cast(U[i] - T.cast(A[i], "uint32"), "int32")
    W8[i, 0] = B8[i] + B8[i]
    W8[i, 1] = B8[i] * T.int8(3)
    V8[i, 0] = C8[i] - T.uint8(200)
    V8[i, 1] = C8[i] * C8[i]


def main():
    rng = np.random.default_rng(16)
    A = rng.integers(-2**31, 2**31, 32, dtype=np.int64).astype(np.int32)
    U = rng.integers(0, 2**32, 32, dtype=np.uint64).astype(np.uint32)
    B8 = rng.integers(-128, 128, 32).astype(np.int8)
    C8 = rng.integers(0, 256, 32).astype(np.uint8)
    O = np.stack([(A.view(np.uint32) < U), (A < U.view(np.int32)),
                  (U - A.view(np.uint32)).view(np.int32)], 1).astype(np.int32)
    W8 = np.stack([(B8.astype(np.int64) * 2), (B8.astype(np.int64) * 3)], 1).astype(np.int8)
    V8 = np.stack([(C8.astype(np.int64) - 200), (C8.astype(np.int64) ** 2)], 1).astype(np.uint8)
    return ({"A": A, "U": U, "B8": B8, "C8": C8, "O": np.zeros((32, 3), np.int32),
             "W8": np.zeros((32, 2), np.int8), "V8": np.zeros((32, 2), np.uint8)},
            {"O": O, "W8": W8, "V8": V8})
