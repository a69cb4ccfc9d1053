"""Inclusive warp scans as users write them: a float32 Hillis-Steele scan with
__shfl_up_sync over segments of 8 lanes (width 8: a lane below the offset in
its segment keeps its value), an int32 scan with T.ptx.shfl_sync.up.b32 and
its predicate output (source lane in range), and an exclusive scan from the inclusive one
with __shfl_up_sync by 1; two warps."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def wss(X: T.Tensor((N,), "float32"), K: T.Tensor((N,), "int32"),
        S8: T.Tensor((N,), "float32"), SI: T.Tensor((N,), "int32"), EX: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    lane = T.cuda.lane_id()
    v = T.local_scalar("float32", X[t])
    for k in T.unroll(3):
        off = 1 << k
        y = T.cuda.__shfl_up_sync(T.uint32(0xFFFFFFFF), v, off, 8)
        if lane % 8 >= off:
            v = v + y
    S8[t] = v
    s = T.local_scalar("int32", K[t])
    r = T.local_scalar("int32")
    p = T.local_scalar("uint32")
    for k in T.unroll(5):
        T.ptx.shfl_sync.up.b32(r, p, s, T.uint32(1 << k), T.uint32(0), T.uint32(0xFFFFFFFF))
        if p != T.uint32(0):
            s = s + r
    SI[t] = s
    e = T.cuda.__shfl_up_sync(T.uint32(0xFFFFFFFF), s, 1, 32)
    EX[t] = T.Select(lane == 0, 0, e)


def main():
    rng = np.random.default_rng(5)
    X = rng.integers(-50, 50, N).astype(np.float32) * np.float32(0.25)
    K = rng.integers(-1000, 1000, N).astype(np.int32)
    S8 = np.zeros(N, np.float32)
    for seg in range(0, N, 8):
        S8[seg:seg + 8] = np.cumsum(X[seg:seg + 8], dtype=np.float32)
    SI = np.zeros(N, np.int32); EX = np.zeros(N, np.int32)
    for w in range(0, N, 32):
        SI[w:w + 32] = np.cumsum(K[w:w + 32])
        EX[w + 1:w + 32] = SI[w:w + 31]
    return ({"X": X, "K": K, "S8": np.zeros(N, np.float32), "SI": np.zeros(N, np.int32), "EX": np.zeros(N, np.int32)},
            {"S8": S8, "SI": SI, "EX": EX})
