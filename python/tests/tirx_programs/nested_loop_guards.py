"""Nested T.serial / T.unroll loops with break and continue guards: find,
per thread, the first (row, col) of a 2D tile whose value exceeds a
threshold, skipping odd rows of a runtime parity, with an unrolled inner
scan that continues past negative entries."""
from tvm_tirx.script import tirx as T
import numpy as np

N, R, C = 32, 12, 8


@T.function
def nguard(A: T.Tensor((N, R, C), "int32"), thr: T.int32, skip: T.int32,
           F: T.Tensor((N, 3), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    fr = T.local_scalar("int32", -1)
    fc = T.local_scalar("int32", -1)
    pos = T.local_scalar("int32", 0)
    for r in T.serial(R):
        if r % 2 == skip:
            continue
        for c in T.unroll(C):
            if A[t, r, c] < 0:
                continue
            pos = pos + A[t, r, c]
            if A[t, r, c] > thr and fc < 0:
                fc = c
        if fc >= 0:
            fr = r
            break
    F[t, 0] = fr
    F[t, 1] = fc
    F[t, 2] = pos


def main():
    rng = np.random.default_rng(1112)
    A = rng.integers(-50, 60, (N, R, C)).astype(np.int32)
    thr, skip = 55, 1
    F = np.zeros((N, 3), np.int32)
    for t in range(N):
        fr, fc, pos = -1, -1, 0
        for r in range(R):
            if r % 2 == skip:
                continue
            for c in range(C):
                x = int(A[t, r, c])
                if x < 0:
                    continue
                pos += x
                if x > thr and fc < 0:
                    fc = c
            if fc >= 0:
                fr = r
                break
        F[t] = [fr, fc, pos]
    return {"A": A, "thr": np.int32(thr), "skip": np.int32(skip), "F": np.zeros((N, 3), np.int32)}, {"F": F}
