"""T.grid over three axes, a 2-D T.alloc_local accumulator indexed by
grid variables, and T.serial(0, 8, step=1) advancing a T.local_scalar
that indexes the output. (A negative step, which TIRx prints as
`for (t = 7; t < -1; t += -1)`, a loop that never runs, is refused by the
front-end.)"""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def g3(A: T.Tensor((32, 2, 3, 4), "int32"), B: T.Tensor((32, 3, 4), "int32"),
       R: T.Tensor((32, 8), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    acc = T.alloc_local((3, 4), "int32")
    for j, k in T.grid(3, 4):
        acc[j, k] = 0
    for i, j, k in T.grid(2, 3, 4):
        acc[j, k] = acc[j, k] + A[lane, i, j, k] * (i + 1)
    for j, k in T.grid(3, 4):
        B[lane, j, k] = acc[j, k]
    n = T.local_scalar("int32", 0)
    for t in T.serial(0, 8, step=1):
        R[lane, n] = t * lane
        n = n + 1


def main():
    A = np.random.default_rng(402).integers(-50, 50, (32, 2, 3, 4)).astype(np.int32)
    B = (A[:, 0] + 2 * A[:, 1]).astype(np.int32)
    R = (np.arange(8)[None, :] * np.arange(32)[:, None]).astype(np.int32)
    return ({"A": A, "B": np.zeros((32, 3, 4), np.int32), "R": np.zeros((32, 8), np.int32)},
            {"B": B, "R": R})
