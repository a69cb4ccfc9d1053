"""CUDA's __shfl_xor_sync / __shfl_sync / __shfl_down_sync as TIRx exposes
them (T.cuda.__shfl_*_sync): a float32 butterfly max and an index
broadcast within 8-lane groups."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def shx(A: T.Tensor((32,), "float32"), M: T.Tensor((32,), "float32"),
        X: T.Tensor((32,), "float32"), D: T.Tensor((32,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    v = T.local_scalar("float32", A[lane])
    for k in T.unroll(5):
        v = T.max(v, T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), v, 1 << k, 32))
    M[lane] = v
    X[lane] = T.cuda.__shfl_sync(T.uint32(0xFFFFFFFF), A[lane], 2, 8)
    D[lane] = T.cuda.__shfl_down_sync(T.uint32(0xFFFFFFFF), A[lane], 1, 32)


def main():
    A = np.random.default_rng(510).standard_normal(32).astype(np.float32)
    lane = np.arange(32)
    X = A[(lane // 8) * 8 + 2]
    D = np.where(lane < 31, A[np.minimum(lane + 1, 31)], A)
    return ({"A": A, "M": np.zeros_like(A), "X": np.zeros_like(A), "D": np.zeros_like(A)},
            {"M": np.full(32, A.max(), np.float32), "X": X.astype(np.float32),
             "D": D.astype(np.float32)})
