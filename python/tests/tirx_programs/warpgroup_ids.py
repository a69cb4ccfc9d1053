"""Warpgroup helpers in a 256-thread block: T.cuda.warpgroup_id,
T.cuda.thread_in_warpgroup, T.cuda.warp_in_warpgroup, T.cuda.warp_id and
T.cuda.lane_id, with T.cuda.warp_sync and T.cuda.warpgroup_sync between
the writes of a per-warpgroup shared exchange."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 256


@T.function
def wg(A: T.Tensor((N,), "int32"), O: T.Tensor((N, 6), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    sm = T.alloc_shared((N,), "int32")
    g = T.cuda.warpgroup_id()
    r = T.cuda.thread_in_warpgroup()
    O[t, 0] = g
    O[t, 1] = r
    O[t, 2] = T.cuda.warp_in_warpgroup()
    O[t, 3] = T.cuda.warp_id()
    O[t, 4] = T.cuda.lane_id()
    sm[t] = A[t]
    T.cuda.warp_sync()
    T.cuda.warpgroup_sync(g + 1)
    O[t, 5] = sm[g * 128 + (r + 37) % 128]


def main():
    A = np.random.default_rng(463).integers(-1000, 1000, N).astype(np.int32)
    O = np.zeros((N, 6), np.int32)
    for t in range(N):
        g, r = t // 128, t % 128
        O[t] = [g, r, r // 32, t // 32, t % 32, A[g * 128 + (r + 37) % 128]]
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
