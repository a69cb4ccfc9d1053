"""T.cast float -> int corners as CUDA converts them: NaN, infinities and
out-of-range values to int32/uint32/int64 (cvt.rzi saturates; NaN -> 0, but
f64 NaN -> s64 is MININT per the PTX ISA),
float64 -> float16 and int64 -> float32 rounding."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def cfic(F: T.Tensor((16,), "float32"), D: T.Tensor((16,), "float64"), L: T.Tensor((16,), "int64"),
         I: T.Tensor((16,), "int32"), U: T.Tensor((16,), "uint32"), J: T.Tensor((16,), "int64"),
         H: T.Tensor((16,), "float16"), G: T.Tensor((16,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=16))
    i = T.cuda.thread_idx("x")
    I[i] = T.cast(F[i], "int32")
    U[i] = T.cast(F[i], "uint32")
    J[i] = T.cast(D[i], "int64")
    H[i] = T.cast(D[i], "float16")
    G[i] = T.cast(L[i], "float32")


def main():
    F = np.array([np.nan, np.inf, -np.inf, 3e9, -3e9, 2147483520.0, -2147483648.0, -0.9,
                  0.9, 4294967040.0, 5e9, -1.5, 1e20, -1e20, 2.5, -2.5], np.float32)
    D = np.array([np.nan, np.inf, -np.inf, 1e19, -1e19, 9.2e18, 65520.0, 65519.99,
                  1.0 + 2**-11, 1.0 + 3 * 2**-11, 2**-25, 2**-24, 3 * 2**-26, -1e-9, 1e5, -7.75])
    L = np.array([2**24 + 1, 2**24 + 3, -(2**24 + 1), 2**53 + 1, 2**62 + 2**38, -(2**63), 2**63 - 1,
                  16777217 * 3, 1, -1, 0, 123456789, -987654321, 2**40 + 2**16, 2**40 + 2**16 + 1, 33554434], np.int64)

    def f2i(x, lo, hi):
        if np.isnan(x): return 0
        return int(min(max(np.trunc(np.float64(x)), lo), hi))
    I = np.array([f2i(x, -2**31, 2**31 - 1) for x in F], np.int64).astype(np.int32)
    U = np.array([f2i(x, 0, 2**32 - 1) for x in F], np.uint64).astype(np.uint32)
    J = np.array([f2i(x, -2**63, 2**63 - 1) if not (np.isfinite(x) and abs(x) < 2**63) else int(np.trunc(x)) for x in D], dtype=object)
    J = np.array([int(v) for v in J], np.int64)
    J[0] = -2**63  # PTX ISA: NaN f64 -> s64 gives MININT (1 << 63), not 0
    H = D.astype(np.float16)
    G = L.astype(np.float32)
    return ({"F": F, "D": D, "L": L, "I": np.zeros(16, np.int32), "U": np.zeros(16, np.uint32),
             "J": np.zeros(16, np.int64), "H": np.zeros(16, np.float16), "G": np.zeros(16, np.float32)},
            {"I": I, "U": U, "J": J, "H": H, "G": G})
