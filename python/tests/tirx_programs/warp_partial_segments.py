"""Warp shuffles inside a divergent branch (lanes 0..23 active, mask
0x00FFFFFF) with segment widths 8 and 4: down/up/xor/idx with offsets that
fall outside a segment (own value back, or an earlier segment for xor),
and a ballot / any / all over the partial mask."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def wseg(A: T.Tensor((32,), "int32"), O: T.Tensor((32, 7), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    l = T.cuda.lane_id()
    v = A[l]
    for k in range(7):
        O[l, k] = -1
    if l < 24:
        m = T.uint32(0x00FFFFFF)
        O[l, 0] = T.cuda.__shfl_down_sync(m, v, 3, 8)
        O[l, 1] = T.cuda.__shfl_up_sync(m, v, 2, 4)
        O[l, 2] = T.cuda.__shfl_xor_sync(m, v, 8, 8)
        O[l, 3] = T.cuda.__shfl_sync(m, v, 13, 8)
        O[l, 4] = T.cast(T.cuda.ballot_sync(m, v > 0), "int32")
        O[l, 5] = T.cast(T.cuda.any_sync(m, v > 90), "int32")
        O[l, 6] = T.cuda.__shfl_xor_sync(m, v, 5, 4)


def main():
    A = np.random.default_rng(1109).integers(-100, 100, 32).astype(np.int32)
    O = np.full((32, 7), -1, np.int32)
    def shfl(mode, lane, b, width):
        c = 0x1f
        seg = (32 - width) & 31
        maxl = (lane & seg) | (c & ~seg & 31)
        minl = lane & seg
        if mode == "up":
            j = lane - b; ok = j >= minl
        elif mode == "down":
            j = lane + b; ok = j <= maxl
        elif mode == "bfly":
            j = lane ^ b; ok = j <= maxl
        else:
            j = minl | (b & ~seg & 31); ok = j <= maxl
        return A[j] if ok else A[lane]
    ballot = sum(1 << l for l in range(24) if A[l] > 0)
    anyv = int(any(A[l] > 90 for l in range(24)))
    for l in range(24):
        O[l] = [shfl("down", l, 3, 8), shfl("up", l, 2, 4), shfl("bfly", l, 8, 8), shfl("idx", l, 13, 8),
                np.uint32(ballot).view(np.int32), anyv, shfl("bfly", l, 5, 4)]
    return {"A": A, "O": np.zeros((32, 7), np.int32)}, {"O": O}
