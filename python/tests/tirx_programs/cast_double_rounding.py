"""Conversions that must round once, directly, not through float32: int32 ->
bfloat16 (cvt.rn.bf16.s32), int64 -> bfloat16, uint32 -> bfloat16, float64 ->
float16 and float64 -> bfloat16 with values just past a half-way point of the
narrow format that float32 would round onto the half-way point."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

BF = ml_dtypes.bfloat16
N = 8


@T.function
def cdr(I: T.Tensor((N,), "int32"), L: T.Tensor((N,), "int64"), U: T.Tensor((N,), "uint32"),
        D: T.Tensor((N,), "float64"),
        OI: T.Tensor((N,), "bfloat16"), OL: T.Tensor((N,), "bfloat16"), OU: T.Tensor((N,), "bfloat16"),
        OH: T.Tensor((N,), "float16"), OB: T.Tensor((N,), "bfloat16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    OI[i] = T.cast(I[i], "bfloat16")
    OL[i] = T.cast(L[i], "bfloat16")
    OU[i] = T.cast(U[i], "bfloat16")
    OH[i] = T.cast(D[i], "float16")
    OB[i] = T.cast(D[i], "bfloat16")


def exact_bf16(v):
    # correctly rounded (nearest even) conversion of an exact integer/rational to bfloat16
    from fractions import Fraction
    v = Fraction(v)
    if v == 0:
        return BF(0.0)
    s = -1 if v < 0 else 1
    a = abs(v)
    e = 0
    while a >= 2:
        a /= 2; e += 1
    while a < 1:
        a *= 2; e -= 1
    m = a * 128  # 8 significant bits
    fl = int(m)
    r = m - fl
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and fl % 2 == 1):
        fl += 1
    return BF(float(s * Fraction(fl, 128) * Fraction(2) ** e))


def main():
    I = np.array([2**24 + 2**16 + 1, -(2**24 + 2**16 + 1), 2**30 + 2**22 + 1, 16777217,
                  2**25 + 2**17 + 3, 2**31 - 1, -(2**31), 1234567], np.int32)
    L = np.array([2**40 + 2**32 + 1, 2**56 + 2**48 + 1, -(2**40 + 2**32 + 1), 2**63 - 1,
                  -(2**63), 2**24 + 2**16 + 1, 3, 2**53 + 2**45 + 1], np.int64)
    U = np.array([2**31 + 2**23 + 1, 2**32 - 1, 2**24 + 2**16 + 1, 0, 1, 2**31, 2**28 + 2**20 + 5, 4000000001], np.uint32)
    D = np.array([1.0 + 2**-11 + 2**-40, 1.0 + 2**-9 + 2**-40, -(1.0 + 2**-11 + 2**-40),
                  2048.0 + 1.0 + 2**-30, 1.0 + 2**-8 + 2**-35, 65519.9999999, 6e-8 + 1e-20, 1.0 - 2**-12 - 2**-40])
    OI = np.array([exact_bf16(int(v)) for v in I], BF)
    OL = np.array([exact_bf16(int(v)) for v in L], BF)
    OU = np.array([exact_bf16(int(v)) for v in U], BF)
    OH = D.astype(np.float16)  # numpy rounds float64 -> float16 directly
    OB = np.array([exact_bf16(float(v)) for v in D], BF)
    z = lambda t: np.zeros(N, t)
    return ({"I": I, "L": L, "U": U, "D": D, "OI": z(BF), "OL": z(BF), "OU": z(BF), "OH": z(np.float16), "OB": z(BF)},
            {"OI": OI, "OL": OL, "OU": OU, "OH": OH, "OB": OB})
