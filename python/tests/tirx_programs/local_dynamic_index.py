"""A per-thread local array indexed by a run-time value (lane % 8)."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def local_dyn(A: T.Tensor((32, 8), "float32"), B: T.Tensor((32,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    r = T.alloc_local((8,), "float32")
    for i in T.unroll(8):
        r[i] = A[lane, i] * T.float32(i + 1)
    B[lane] = r[lane % 8]


def main():
    A = np.random.default_rng(12).standard_normal((32, 8)).astype(np.float32)
    l = np.arange(32)
    want = (A[l, l % 8] * (l % 8 + 1).astype(np.float32)).astype(np.float32)
    return {"A": A, "B": np.zeros(32, np.float32)}, {"B": want}
