"""A kernel parameter declared with a column-major TileLayout
(T.Tensor(..., layout=T.TileLayout(T.S[(8, 16):(1, 8)]))): element [i, j]
lives at i + 8 j of the buffer. The kernel copies it to a row-major output,
so the output is the input buffer's memory read column-major."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def colmajor(A: T.Tensor((8, 16), "float32", layout=T.TileLayout(T.S[(8, 16):(1, 8)])),
             B: T.Tensor((8, 16), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=(16, 8)))
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    B[ty, tx] = A[ty, tx] * T.float32(2)


def main():
    mem = np.arange(128, dtype=np.float32)
    A = mem.reshape(8, 16)  # the buffer as numpy holds it
    want = mem.reshape(16, 8).T * np.float32(2)  # [i, j] = mem[i + 8 j]
    return {"A": A, "B": np.zeros((8, 16), np.float32)}, {"B": want.astype(np.float32)}
