"""A per-thread insertion sort of 8 values in a T.alloc_local array: nested
loops, a while loop shifting elements, dynamic local indexing."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def local_sort(A: T.Tensor((32, 8), "int32"), B: T.Tensor((32, 8), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    r = T.alloc_local((8,), "int32")
    for i in T.unroll(8):
        r[i] = A[lane, i]
    for i in T.serial(1, 8):
        key = T.local_scalar("int32", r[i])
        j = T.local_scalar("int32", i - 1)
        while j >= 0 and r[j] > key:
            r[j + 1] = r[j]
            j = j - 1
        r[j + 1] = key
    for i in T.unroll(8):
        B[lane, i] = r[i]


def main():
    A = np.random.default_rng(304).integers(-50, 50, (32, 8)).astype(np.int32)
    return {"A": A, "B": np.zeros_like(A)}, {"B": np.sort(A, axis=1)}
