"""T.max / T.min of float16 and bfloat16 values with NaN and signed zeros,
half comparisons with NaN, T.Select on them, and float32 T.max/T.min for
reference."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

BF = ml_dtypes.bfloat16
N = 8


@T.function
def hmn(A: T.Tensor((N,), "float16"), B: T.Tensor((N,), "float16"), C: T.Tensor((N,), "bfloat16"),
        D: T.Tensor((N,), "bfloat16"), X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
        OH: T.Tensor((N, 2), "float16"), OB: T.Tensor((N, 2), "bfloat16"), OF: T.Tensor((N, 2), "float32"),
        OC: T.Tensor((N, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    OH[i, 0] = T.max(A[i], B[i])
    OH[i, 1] = T.min(A[i], B[i])
    OB[i, 0] = T.max(C[i], D[i])
    OB[i, 1] = T.min(C[i], D[i])
    OF[i, 0] = T.max(X[i], Y[i])
    OF[i, 1] = T.min(X[i], Y[i])
    OC[i, 0] = T.Select(A[i] < B[i], 1, 0)
    OC[i, 1] = T.Select(A[i] >= B[i], 1, 0)
    OC[i, 2] = T.Select(C[i] != D[i], 1, 0)
    OC[i, 3] = T.Select(C[i] <= D[i], 1, 0)


def _mx(a, b):
    return a if (a > b or a != a) else b


def _mn(a, b):
    return a if (a < b or a != a) else b


def main():
    # TIRx: T.max(a, b) = (a > b || a != a) ? a : b (C's comparisons: NaN
    # compares false, != true), of two zeros the second.
    av = [np.nan, 1.0, -0.0, 0.0, 2.0, np.nan, np.inf, -np.inf]
    bv = [1.0, np.nan, 0.0, -0.0, 2.0, -np.nan, 3.0, np.nan]
    A, B = np.array(av, np.float16), np.array(bv, np.float16)
    C, D = np.array(av, BF), np.array(bv, BF)
    X, Y = np.array(av, np.float32), np.array(bv, np.float32)
    OH = np.array([[_mx(a, b), _mn(a, b)] for a, b in zip(A, B)], np.float16)
    OB = np.array([[_mx(a, b), _mn(a, b)] for a, b in zip(C, D)], BF)
    OF = np.array([[_mx(a, b), _mn(a, b)] for a, b in zip(X, Y)], np.float32)
    OC = np.array([[a < b, b <= a, c != d, c <= d] for a, b, c, d in zip(A, B, C, D)], np.int32)
    # keep the NaNs' own bits (a select passes its operand through)
    def pick(out, a, b, fn):
        for k in range(N):
            out[k] = a[k] if fn(a[k], b[k]) is a[k] else b[k]
    for out, a, b in ((OH, A, B), (OB, C, D), (OF, X, Y)):
        for k in range(N):
            out[k, 0] = a[k] if (a[k] > b[k] or a[k] != a[k]) else b[k]
            out[k, 1] = a[k] if (a[k] < b[k] or a[k] != a[k]) else b[k]
    return ({"A": A, "B": B, "C": C, "D": D, "X": X, "Y": Y, "OH": np.zeros((N, 2), np.float16),
             "OB": np.zeros((N, 2), BF), "OF": np.zeros((N, 2), np.float32), "OC": np.zeros((N, 4), np.int32)},
            {"OH": OH, "OB": OB, "OF": OF, "OC": OC})
