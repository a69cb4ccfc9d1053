"""Annotated bindings as TIRx's library code writes them: `x: T.let = e`
(an immutable SSA binding), `y: T.int32 = e` and `z: T.float32 = e`
(typed mutable locals), used in a grouped tile-index computation."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64
GROUP = 4
COLS = 8


@T.function
def lets(X: T.Tensor((N,), "float32"), R: T.Tensor((N,), "int32"),
         C: T.Tensor((N,), "int32"), Z: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    group_id: T.let = t // (GROUP * COLS)
    within: T.let = t % (GROUP * COLS)
    row: T.int32 = group_id * GROUP + within % GROUP
    col: T.int32 = within // GROUP
    z: T.float32 = X[t] * T.float32(2)
    if row % 2 == 1:
        z = z + T.float32(1)
        col = col + 100
    R[t] = row
    C[t] = col
    Z[t] = z


def main():
    X = np.random.default_rng(61).standard_normal(N).astype(np.float32)
    t = np.arange(N)
    g, w = t // (GROUP * COLS), t % (GROUP * COLS)
    row = g * GROUP + w % GROUP
    col = w // GROUP + np.where(row % 2 == 1, 100, 0)
    z = X * np.float32(2) + np.where(row % 2 == 1, np.float32(1), np.float32(0))
    return ({"X": X, "R": np.zeros(N, np.int32), "C": np.zeros(N, np.int32),
             "Z": np.zeros(N, np.float32)},
            {"R": row.astype(np.int32), "C": col.astype(np.int32), "Z": z.astype(np.float32)})
