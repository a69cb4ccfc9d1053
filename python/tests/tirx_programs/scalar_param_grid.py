"""A launch grid computed from scalar parameters, as TIRx computes it on the
host at each launch: grid=(T.ceildiv(m, 64), rows) of `m: T.int32` and
`rows: T.int32`. 130 columns of 3 rows: a 3 x 3 grid, the last block of
each row partly guarded; each thread records the grid it saw."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def scalar_grid(A: T.Tensor((3, 192), "float32"),
                B: T.Tensor((3, 192), "float32"),
                G: T.Tensor((3, 192), "int32"), m: T.int32, rows: T.int32):
    T.device_entry(launch=T.cuda.LaunchConfig(
        grid=(T.ceildiv(m, 64), rows), block=64))
    r = T.cuda.block_idx("y")
    c = T.cuda.block_idx("x") * 64 + T.cuda.thread_idx("x")
    if c < m:
        B[r, c] = A[r, c] * T.float32(2) + T.float32(1)
        G[r, c] = T.cuda.grid_dim("x") * 16 + T.cuda.grid_dim("y")


def main():
    A = (np.arange(3 * 192, dtype=np.float32).reshape(3, 192) - 100) / 4
    B = np.zeros_like(A)
    want = B.copy()
    want[:, :130] = A[:, :130] * np.float32(2) + np.float32(1)
    G = np.zeros((3, 192), np.int32)
    wantg = G.copy()
    wantg[:, :130] = 3 * 16 + 3
    return ({"A": A, "B": B, "G": G, "m": 130, "rows": 3},
            {"B": want, "G": wantg})
