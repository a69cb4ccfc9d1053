"""T.cuda.__activemask() with all lanes converged, and T.cuda.__shfl_up_sync
(a warp inclusive scan of int32)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def ams(A: T.Tensor((32,), "int32"), S: T.Tensor((32,), "int32"), M: T.Tensor((32,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    l = T.cuda.lane_id()
    M[l] = T.cuda.__activemask()
    v = T.local_scalar("int32", A[l])
    for k in T.unroll(5):
        n = T.cuda.__shfl_up_sync(T.uint32(0xFFFFFFFF), v, 1 << k, 32)
        if l >= (1 << k):
            v = v + n
    S[l] = v


def main():
    A = np.random.default_rng(31).integers(-100, 100, 32).astype(np.int32)
    return ({"A": A, "S": np.zeros(32, np.int32), "M": np.zeros(32, np.uint32)},
            {"S": np.cumsum(A).astype(np.int32), "M": np.full(32, 0xFFFFFFFF, np.uint32)})
