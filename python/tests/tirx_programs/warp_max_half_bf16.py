"""T.cuda.warp_max / warp_min of float16 and bfloat16 lanes: TIRx's butterfly
`val = max(val, shuffled)` with TIRx's own header functions
`max(a, b) = __hgt(a, b) ? a : b` and `min(a, b) = __hlt(a, b) ? a : b`
(not __hmax: a NaN in `a` gives b, a NaN in `b` gives the NaN; of two equal
zeros, b), with NaN, signed zeros and infinities in the groups, widths 4 and 32."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

N = 64


@T.function
def wmh(H: T.Tensor((N,), "float16"), B: T.Tensor((N,), "bfloat16"),
        HX: T.Tensor((N,), "float16"), HN: T.Tensor((N,), "float16"),
        BX: T.Tensor((N,), "bfloat16"), BN: T.Tensor((N,), "bfloat16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    HX[i] = T.cuda.warp_max(H[i], 4)
    HN[i] = T.cuda.warp_min(H[i], 32)
    BX[i] = T.cuda.warp_max(B[i], 4)
    BN[i] = T.cuda.warp_min(B[i], 32)


def bfly(v, width, f):
    v = list(v)
    m = width >> 1
    while m:
        v = [f(v[l], v[(l & ~31) | ((l & 31) ^ m)]) for l in range(len(v))]
        m >>= 1
    return v


def hmax(a, b):
    return a if a > b else b


def hmin(a, b):
    return a if a < b else b


def main():
    nan, inf = np.nan, np.inf
    q = [nan, 1.0, -2.0, 0.5,  0.0, -0.0, -0.0, 0.0,  1.0, nan, nan, 1.0,  -inf, nan, -1.0, 0.0,
         2.0, 3.0, nan, -5.0,  -0.0, -0.0, 0.0, -0.0,  inf, -inf, 7.0, nan,  0.25, 0.125, -0.5, 6.0]
    rng = np.random.default_rng(4027)
    vals = np.array(q + list(rng.standard_normal(31)) + [nan], np.float64)
    H = vals.astype(np.float16)
    B = vals.astype(ml_dtypes.bfloat16)
    # compare as Python floats (NaN comparisons false), keep the chosen element's bits
    def run(arr, width, f):
        idx = bfly(list(range(N)), width, lambda i, j: i if f(float(arr[i]), float(arr[j])) is True else j)
        return arr[np.array(idx)]
    HX = run(H, 4, lambda a, b: a > b)
    HN = run(H, 32, lambda a, b: a < b)
    BX = run(B, 4, lambda a, b: a > b)
    BN = run(B, 32, lambda a, b: a < b)
    return ({"H": H, "B": B, "HX": np.zeros_like(H), "HN": np.zeros_like(H), "BX": np.zeros_like(B),
             "BN": np.zeros_like(B)}, {"HX": HX, "HN": HN, "BX": BX, "BN": BN})
