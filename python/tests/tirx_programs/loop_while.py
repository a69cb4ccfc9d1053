"""A while loop on a kernel value with a local scalar counter: collatz step
count, capped at 200."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def collatz(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    x = T.local_scalar("int32", A[lane])
    steps = T.local_scalar("int32", 0)
    while x != 1 and steps < 200:
        if x % 2 == 0:
            x = x // 2
        else:
            x = 3 * x + 1
        steps = steps + 1
    B[lane] = steps


def main():
    A = np.arange(1, 33, dtype=np.int32)
    want = []
    for a in A:
        x, s = int(a), 0
        while x != 1 and s < 200:
            x = x // 2 if x % 2 == 0 else 3 * x + 1
            s += 1
        want.append(s)
    return {"A": A, "B": np.zeros_like(A)}, {"B": np.array(want, np.int32)}
