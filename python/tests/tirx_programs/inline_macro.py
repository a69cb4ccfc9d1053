"""@T.inline and @T.macro helpers expanded into the kernel: an inline
helper returning a value, a macro that stores into a tensor it is given."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.inline
def sq_plus(x, c):
    return x * x + c


@T.macro
def store_twice(dst, idx, val):
    dst[idx] = val
    dst[idx + 32] = val + 1


@T.function
def inl(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32"),
        C: T.Tensor((64,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    B[lane] = sq_plus(A[lane], 7) - sq_plus(lane, 0)
    store_twice(C, lane, A[lane] * 2)


def main():
    A = np.random.default_rng(308).integers(-100, 100, 32).astype(np.int32)
    lane = np.arange(32)
    B = (A * A + 7 - lane * lane).astype(np.int32)
    C = np.concatenate([A * 2, A * 2 + 1]).astype(np.int32)
    return ({"A": A, "B": np.zeros_like(A), "C": np.zeros(64, np.int32)},
            {"B": B, "C": C})
