"""Bitonic sort of 32 int32 keys per warp with __shfl_xor_sync: at each
(k, j) step a lane keeps the min or the max of itself and its partner,
decided by bit tricks on the lane id (ascending if lane & k == 0), plus a
second payload (the original index) moved with the key via a packed int64
(key << 32 | index) so ties stay deterministic. 4 warps, 4 rows."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def bitonic(A: T.Tensor((4, 32), "int32"), K: T.Tensor((4, 32), "int32"), I: T.Tensor((4, 32), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
    w = T.cuda.warp_id()
    lane = T.cuda.lane_id()
    v = T.local_scalar("int64")
    v = (T.int64(A[w, lane]) << T.int64(32)) | T.int64(lane)
    for kk in T.unroll(1, 6):
        for jj in T.unroll(5):
            if jj < kk:
                k = 1 << kk
                j = 1 << (kk - 1 - jj)
                o = T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), v, j, 32)
                up = (lane & k) == 0
                low = (lane & j) == 0
                take_min = up == low
                v = T.if_then_else(take_min, T.min(v, o), T.max(v, o))
    K[w, lane] = T.int32(v >> T.int64(32))
    I[w, lane] = T.int32(v & T.int64(0xFFFFFFFF))


def main():
    rng = np.random.default_rng(31)
    A = rng.integers(-50, 50, (4, 32)).astype(np.int32)
    Kx = np.zeros_like(A)
    Ix = np.zeros_like(A)
    for r in range(4):
        keys = sorted(zip(A[r].tolist(), range(32)))
        Kx[r] = [k for k, _ in keys]
        Ix[r] = [i for _, i in keys]
    return {"A": A, "K": np.zeros_like(A), "I": np.zeros_like(A)}, {"K": Kx, "I": Ix}
