"""64-bit shuffles: T.cuda.__shfl_up_sync / __shfl_sync / __shfl_xor_sync
on float64, int64 and uint64 with sub-warp widths 8 and 16."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def s64(D: T.Tensor((32,), "float64"), L: T.Tensor((32,), "int64"), U: T.Tensor((32,), "uint64"),
        OD: T.Tensor((32,), "float64"), OL: T.Tensor((32,), "int64"), OU: T.Tensor((32,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    i = T.cuda.lane_id()
    m = T.uint32(0xFFFFFFFF)
    OD[i] = T.cuda.__shfl_up_sync(m, D[i], 3, 8)
    OL[i] = T.cuda.__shfl_sync(m, L[i], 5, 16)
    OU[i] = T.cuda.__shfl_xor_sync(m, U[i], 6, 8)


def main():
    rng = np.random.default_rng(22)
    D = rng.standard_normal(32)
    L = rng.integers(-2**62, 2**62, 32, dtype=np.int64)
    U = rng.integers(0, 2**63, 32, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    l = np.arange(32)
    OD = np.where(l % 8 >= 3, D[np.maximum(l - 3, 0)], D)
    OL = L[(l // 16) * 16 + 5]
    OU = U[(l & ~7) | ((l % 8) ^ 6)]
    return ({"D": D, "L": L, "U": U, "OD": np.zeros(32), "OL": np.zeros(32, np.int64), "OU": np.zeros(32, np.uint64)},
            {"OD": OD, "OL": OL, "OU": OU})
