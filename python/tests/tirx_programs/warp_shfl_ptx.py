"""Warp shuffles through T.ptx.shfl.sync (bfly, down, idx, up) into local
scalars: an xor-butterfly int sum, a down-shift, a broadcast of lane 5 and
an up-shift."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def shfl(A: T.Tensor((32,), "int32"), S: T.Tensor((32,), "int32"),
         D: T.Tensor((32,), "int32"), X: T.Tensor((32,), "int32"),
         U: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    v = T.local_scalar("int32", A[lane])
    t = T.local_scalar("int32")
    for k in T.unroll(5):
        T.ptx.shfl_sync.bfly.b32(t, v, T.uint32(16 >> k), T.uint32(0x1F),
                                 T.uint32(0xFFFFFFFF))
        v = v + t
    S[lane] = v
    T.ptx.shfl_sync.down.b32(t, A[lane], T.uint32(3), T.uint32(0x1F),
                             T.uint32(0xFFFFFFFF))
    D[lane] = t
    T.ptx.shfl_sync.idx.b32(t, A[lane], T.uint32(5), T.uint32(0x1F),
                            T.uint32(0xFFFFFFFF))
    X[lane] = t
    T.ptx.shfl_sync.up.b32(t, A[lane], T.uint32(2), T.uint32(0),
                           T.uint32(0xFFFFFFFF))
    U[lane] = t


def main():
    A = np.random.default_rng(206).integers(-1000, 1000, 32).astype(np.int32)
    lane = np.arange(32)
    S = np.full(32, A.sum(), np.int32)
    D = np.where(lane + 3 < 32, A[np.minimum(lane + 3, 31)], A).astype(np.int32)
    X = np.full(32, A[5], np.int32)
    U = np.where(lane >= 2, A[np.maximum(lane - 2, 0)], A).astype(np.int32)
    return ({"A": A, "S": np.zeros_like(A), "D": np.zeros_like(A),
             "X": np.zeros_like(A), "U": np.zeros_like(A)},
            {"S": S, "D": D, "X": X, "U": U})
