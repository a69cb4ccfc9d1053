"""T.cast to "bool" of non-0/1 values: TIRx prints (bool)x, which is
x != 0 in C++ (int32 2 and -4, uint8 2, int64 2^32, float32 0.5 and -0.0),
then back to int32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 8


@T.function
def tobool(A: T.Tensor((N,), "int32"), U: T.Tensor((N,), "uint8"), L: T.Tensor((N,), "int64"),
           F: T.Tensor((N,), "float32"), O: T.Tensor((N, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    O[i, 0] = T.cast(T.cast(A[i], "bool"), "int32")
    O[i, 1] = T.cast(T.cast(U[i], "bool"), "int32")
    O[i, 2] = T.cast(T.cast(L[i], "bool"), "int32")
    O[i, 3] = T.cast(T.cast(F[i], "bool"), "int32")


def main():
    A = np.array([0, 1, 2, -4, 3, 256, -1, 0x10000], np.int32)
    U = np.array([0, 1, 2, 4, 128, 255, 3, 0], np.uint8)
    L = np.array([0, 1, 2**32, -2**40, 2, 0, 6, 2**62], np.int64)
    F = np.array([0.0, 0.5, -0.0, 2.0, -0.25, 1e-30, np.inf, 3.0], np.float32)
    O = np.stack([A != 0, U != 0, L != 0, F != 0], 1).astype(np.int32)
    return {"A": A, "U": U, "L": L, "F": F, "O": np.zeros((N, 4), np.int32)}, {"O": O}
