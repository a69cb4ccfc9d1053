"""T.cuda.make_float2, float2_x and float2_y: a float2 carried as the 64
bits of a uint64 (.x low), as TIRx's helpers pass it; the halves swapped
and read back. (TIRx's fadd2_rn and fmul2_rn call CUDA's __fadd2_rn and
__fmul2_rn, which nvcc 13.0 does not define for sm_90: its kernel would
not build, and the front-end says so.)"""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def float2s(A: T.Tensor((N, 2), "float32"), S: T.Tensor((N, 2), "float32"),
            Bits: T.Tensor((N,), "uint64"), Swap: T.Tensor((N,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = T.cuda.make_float2(A[i, 0], A[i, 1])
    Bits[i] = a
    s = T.cuda.make_float2(T.cuda.float2_y(a), T.cuda.float2_x(a))
    Swap[i] = s
    S[i, 0] = T.cuda.float2_x(s) * T.float32(2)
    S[i, 1] = T.cuda.float2_y(s)


def main():
    rng = np.random.default_rng(46)
    A = rng.standard_normal((N, 2)).astype(np.float32)
    A[0] = [np.nan, -0.0]
    A[1] = [np.float32(1e-45), np.inf]
    swapped = A[:, ::-1].copy()
    S = swapped.copy()
    with np.errstate(invalid="ignore"):
        S[:, 0] = swapped[:, 0] * np.float32(2)
    return ({"A": A, "S": np.zeros_like(A), "Bits": np.zeros(N, np.uint64),
             "Swap": np.zeros(N, np.uint64)},
            {"Bits": A.view(np.uint64).reshape(N),
             "Swap": swapped.view(np.uint64).reshape(N), "S": S})
