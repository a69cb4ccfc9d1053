"""Warp stream compaction: each lane keeps A[lane] if positive; the lane's
output slot is the popcount of the ballot bits below it
(T.cuda.ballot_sync, T.popcount on the masked uint32), the warp's total
from lane 0; 4 warps, each compacting its own 32 values."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def compact(A: T.Tensor((4, 32), "int32"), O: T.Tensor((4, 32), "int32"),
            CNT: T.Tensor((4,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    w = T.cuda.warp_id()
    lane = T.cuda.lane_id()
    v = A[w, lane]
    keep = v > 0
    mask = T.cuda.ballot_sync(T.uint32(0xFFFFFFFF), keep)
    below = mask & ((T.uint32(1) << T.cast(lane, "uint32")) - T.uint32(1))
    slot = T.popcount(below)
    if keep:
        O[w, slot] = v
    if lane == 0:
        CNT[w] = T.popcount(mask)


def main():
    A = np.random.default_rng(26).integers(-10, 10, (4, 32)).astype(np.int32)
    O = np.zeros((4, 32), np.int32)
    CNT = np.zeros(4, np.int32)
    for w in range(4):
        kept = A[w][A[w] > 0]
        O[w, :kept.size] = kept
        CNT[w] = kept.size
    return {"A": A, "O": np.zeros((4, 32), np.int32), "CNT": np.zeros(4, np.int32)}, {"O": O, "CNT": CNT}
