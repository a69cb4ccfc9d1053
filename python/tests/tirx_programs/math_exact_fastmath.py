"""TIRx's default build (--use_fast_math) on the exact float32 functions with
subnormal, zero, NaN and infinite inputs: T.floor / T.ceil are
cvt.rmi/rpi.ftz (a subnormal is its signed zero first), T.trunc / T.round
cvt.rzi/rni without .ftz, T.fabs abs.ftz, T.copysign copysign.f32 (no ftz),
T.isnan / T.isinf / T.isfinite setp.*.ftz."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def mx(A: T.Tensor((N,), "float32"), B: T.Tensor((N,), "float32"),
       O: T.Tensor((6, N), "float32"), P: T.Tensor((3, N), "bool")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    O[0, i] = T.floor(A[i])
    O[1, i] = T.ceil(A[i])
    O[2, i] = T.trunc(A[i])
    O[3, i] = T.round(A[i])
    O[4, i] = T.fabs(A[i])
    O[5, i] = T.copysign(A[i], B[i])
    P[0, i] = T.isnan(A[i])
    P[1, i] = T.isinf(A[i])
    P[2, i] = T.isfinite(A[i])


def ftz(x):
    x = np.asarray(x, np.float32).copy()
    m = (x != 0) & (np.abs(x) < np.finfo(np.float32).tiny)
    x[m] = np.copysign(np.float32(0), x[m])
    return x


def main():
    A = np.array([1e-40, -1e-40, 1e-45, -1e-45, 1.1754942e-38, -1.1754942e-38, 0.0, -0.0,
                  0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997,
                  np.inf, -np.inf, np.nan, -np.nan, 1e-38, -1e-38, 8388609.0, -8388609.5,
                  3.7, -3.7, 1e30, -1e30, 2.0**-126, -(2.0**-126), 0.75, -7.25], np.float32)
    B = np.array([-1.0, 1.0, -0.0, 0.0] * 8, np.float32)
    B[8:12] = [1e-40, -1e-40, np.nan, -np.inf]
    O = np.zeros((6, N), np.float32)
    O[0] = np.floor(ftz(A))
    O[1] = np.ceil(ftz(A))
    O[2] = np.trunc(A)
    O[3] = np.round(A)
    O[4] = np.abs(ftz(A))
    O[5] = np.copysign(A, B)
    nan = np.isnan(O[:5]); O[:5][nan] = np.uint32(0x7FFFFFFF).view(np.float32)  # FRND/FADD give the canonical NaN
    P = np.zeros((3, N), bool)
    P[0] = np.isnan(A); P[1] = np.isinf(A); P[2] = np.isfinite(A)
    return {"A": A, "B": B, "O": np.zeros_like(O), "P": np.zeros_like(P)}, {"O": O, "P": P}
