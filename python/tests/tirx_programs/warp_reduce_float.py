"""T.cuda.warp_reduce with "min" on float32 at width 16, warp_sum of
float32 (integer-valued, so the order does not matter) and warp_max of
uint32 at width 4."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def wred(A: T.Tensor((64,), "float32"), U: T.Tensor((64,), "uint32"),
         MN: T.Tensor((64,), "float32"), SM: T.Tensor((64,), "float32"),
         MX: T.Tensor((64,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    tx = T.cuda.thread_idx("x")
    MN[tx] = T.cuda.warp_reduce(A[tx], "min", 16)
    SM[tx] = T.cuda.warp_sum(T.floor(A[tx]))
    MX[tx] = T.cuda.warp_max(U[tx], 4)


def main():
    rng = np.random.default_rng(207)
    A = (rng.standard_normal(64) * 50).astype(np.float32)
    U = rng.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
    MN = np.repeat(A.reshape(4, 16).min(axis=1), 16).astype(np.float32)
    SM = np.repeat(np.floor(A).reshape(2, 32).sum(axis=1), 32).astype(np.float32)
    MX = np.repeat(U.reshape(16, 4).max(axis=1), 4).astype(np.uint32)
    return ({"A": A, "U": U, "MN": np.zeros_like(A), "SM": np.zeros_like(A),
             "MX": np.zeros_like(U)}, {"MN": MN, "SM": SM, "MX": MX})
