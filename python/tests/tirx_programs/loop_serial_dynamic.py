"""A dynamic-trip serial loop: each lane sums the first n columns of its row
into a mutable float32 scalar (`acc: T.float32 = ...`)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def serial_dynamic(A: T.Tensor((32, 16), "float32"),
                   B: T.Tensor((32,), "float32"), n: T.int32):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    acc: T.float32 = T.float32(0)
    for i in T.serial(n):
        acc = acc + A[lane, i]
    B[lane] = acc


def main():
    A = np.arange(512, dtype=np.float32).reshape(32, 16) / 8
    B = A[:, :5].sum(axis=1, dtype=np.float32)
    want = np.zeros(32, np.float32)
    for i in range(5):
        want = (want + A[:, i]).astype(np.float32)
    return {"A": A, "B": np.zeros(32, np.float32), "n": 5}, {"B": want}
