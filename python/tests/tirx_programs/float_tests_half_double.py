"""T.isnan / T.isinf / T.isfinite on float16 and float64 tensors with NaN,
infinities, zeros, subnormals and max values."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def fthd(H: T.Tensor((8,), "float16"), D: T.Tensor((8,), "float64"),
         O: T.Tensor((8, 6), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=8))
    i = T.cuda.thread_idx("x")
    O[i, 0] = T.cast(T.isnan(H[i]), "int32")
    O[i, 1] = T.cast(T.isinf(H[i]), "int32")
    O[i, 2] = T.cast(T.isfinite(H[i]), "int32")
    O[i, 3] = T.cast(T.isnan(D[i]), "int32")
    O[i, 4] = T.cast(T.isinf(D[i]), "int32")
    O[i, 5] = T.cast(T.isfinite(D[i]), "int32")


def main():
    H = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 6e-8, 65504.0, -1.5], np.float16)
    D = np.array([np.nan, -np.inf, np.inf, 5e-324, -0.0, 1.7976931348623157e308, -np.nan, 3.0])
    O = np.stack([np.isnan(H), np.isinf(H), np.isfinite(H), np.isnan(D), np.isinf(D), np.isfinite(D)], 1).astype(np.int32)
    return {"H": H, "D": D, "O": np.zeros((8, 6), np.int32)}, {"O": O}
