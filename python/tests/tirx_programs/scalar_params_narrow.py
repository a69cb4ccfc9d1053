"""Scalar parameters of int8, uint16, float16 (a bfloat16 one is rejected by TIRx's host codegen) and uint64 (above
2**63), and T.bool, mixed into tensor math."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def spn(A: T.Tensor((32,), "int32"), O: T.Tensor((32, 3), "int32"),
        U: T.Tensor((32,), "uint64"), F: T.Tensor((32,), "float32"),
        a: T.int8, b: T.uint16, d: T.float16, e: T.uint64, flag: T.bool):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.thread_idx("x")
    O[i, 0] = A[i] * T.cast(a, "int32")
    O[i, 1] = A[i] + T.cast(b, "int32")
    O[i, 2] = T.Select(flag, A[i], -A[i])
    U[i] = e + T.cast(i, "uint64")
    F[i] = T.float32(1.5) + T.cast(d, "float32") * T.cast(A[i], "float32")


def main():
    A = np.arange(32, dtype=np.int32) - 16
    a, b, d, e = -7, 60000, -0.25, (1 << 63) + 12345
    O = np.stack([A * a, A + b, A], 1).astype(np.int32)
    U = np.uint64(e) + np.arange(32, dtype=np.uint64)
    F = (np.float32(1.5) + np.float32(-0.25) * A.astype(np.float32)).astype(np.float32)
    return ({"A": A, "O": np.zeros((32, 3), np.int32), "U": np.zeros(32, np.uint64),
             "F": np.zeros(32, np.float32), "a": a, "b": b, "d": d, "e": e, "flag": True},
            {"O": O, "U": U, "F": F})
