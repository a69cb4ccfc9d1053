"""T.call_extern of CUDA's conversion and bit-cast intrinsics:
__float2int_*, __float2uint_*, __float2ll_*, __float2ull_*,
__double2int_*, __double2uint_*, __double2float_* in each rounding,
__int2float_*, __uint2float_*, __ll2float_*, __ll2double_*,
__int2double_rn, __uint2double_rn, __int_as_float, __float_as_int,
__uint_as_float, __float_as_uint, __double_as_longlong,
__longlong_as_double, __double2hiint, __double2loint, __hiloint2double.
Out-of-range conversions saturate; a NaN converts to 0, or to 1 << (w-1)
from a float64 or into a 64-bit integer (measured on the H200 for cvt).
TIRx's --use_fast_math build flushes a subnormal float32 result of a
float64 conversion to zero. The reference rounds exact rationals."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def converts(F: T.Tensor((N,), "float32"), D: T.Tensor((N,), "float64"),
             I: T.Tensor((N,), "int32"), L: T.Tensor((N,), "int64"),
             OI: T.Tensor((N, 12), "int32"), OU: T.Tensor((N, 8), "uint32"),
             OL: T.Tensor((N, 8), "int64"), OF: T.Tensor((N, 20), "float32"),
             OD: T.Tensor((N, 8), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    f, d, n, m = F[i], D[i], I[i], L[i]
    OI[i, 0] = T.call_extern("__float2int_rn", f, ty="int32")
    OI[i, 1] = T.call_extern("__float2int_rz", f, ty="int32")
    OI[i, 2] = T.call_extern("__float2int_ru", f, ty="int32")
    OI[i, 3] = T.call_extern("__float2int_rd", f, ty="int32")
    OI[i, 4] = T.call_extern("__double2int_rn", d, ty="int32")
    OI[i, 5] = T.call_extern("__double2int_rz", d, ty="int32")
    OI[i, 6] = T.call_extern("__double2int_ru", d, ty="int32")
    OI[i, 7] = T.call_extern("__double2int_rd", d, ty="int32")
    OI[i, 8] = T.call_extern("__float_as_int", f, ty="int32")
    OI[i, 9] = T.call_extern("__double2hiint", d, ty="int32")
    OI[i, 10] = T.call_extern("__double2loint", d, ty="int32")
    OI[i, 11] = T.call_pure_extern("__float_as_uint", f, ty="int32")
    OU[i, 0] = T.call_extern("__float2uint_rn", f, ty="uint32")
    OU[i, 1] = T.call_extern("__float2uint_rz", f, ty="uint32")
    OU[i, 2] = T.call_extern("__float2uint_ru", f, ty="uint32")
    OU[i, 3] = T.call_extern("__float2uint_rd", f, ty="uint32")
    OU[i, 4] = T.call_extern("__double2uint_rn", d, ty="uint32")
    OU[i, 5] = T.call_extern("__double2uint_rz", d, ty="uint32")
    OU[i, 6] = T.call_extern("__double2uint_ru", d, ty="uint32")
    OU[i, 7] = T.call_extern("__double2uint_rd", d, ty="uint32")
    OL[i, 0] = T.call_extern("__float2ll_rn", f, ty="int64")
    OL[i, 1] = T.call_extern("__float2ll_rz", f, ty="int64")
    OL[i, 2] = T.call_extern("__float2ll_ru", f, ty="int64")
    OL[i, 3] = T.call_extern("__float2ll_rd", f, ty="int64")
    OL[i, 4] = T.call_extern("__float2ull_rn", f, ty="int64")
    OL[i, 5] = T.call_extern("__float2ull_rz", f, ty="int64")
    OL[i, 6] = T.call_extern("__double_as_longlong", d, ty="int64")
    OL[i, 7] = T.call_extern("__float2ull_rd", f, ty="int64")
    OF[i, 0] = T.call_extern("__int2float_rn", n, ty="float32")
    OF[i, 1] = T.call_extern("__int2float_rz", n, ty="float32")
    OF[i, 2] = T.call_extern("__int2float_ru", n, ty="float32")
    OF[i, 3] = T.call_extern("__int2float_rd", n, ty="float32")
    OF[i, 4] = T.call_extern("__uint2float_rn", T.cast(n, "uint32"), ty="float32")
    OF[i, 5] = T.call_extern("__uint2float_rz", T.cast(n, "uint32"), ty="float32")
    OF[i, 6] = T.call_extern("__uint2float_ru", T.cast(n, "uint32"), ty="float32")
    OF[i, 7] = T.call_extern("__uint2float_rd", T.cast(n, "uint32"), ty="float32")
    OF[i, 8] = T.call_extern("__ll2float_rn", m, ty="float32")
    OF[i, 9] = T.call_extern("__ll2float_rz", m, ty="float32")
    OF[i, 10] = T.call_extern("__ll2float_ru", m, ty="float32")
    OF[i, 11] = T.call_extern("__ll2float_rd", m, ty="float32")
    OF[i, 12] = T.call_extern("__double2float_rn", d, ty="float32")
    OF[i, 13] = T.call_extern("__double2float_rz", d, ty="float32")
    OF[i, 14] = T.call_extern("__double2float_ru", d, ty="float32")
    OF[i, 15] = T.call_extern("__double2float_rd", d, ty="float32")
    OF[i, 16] = T.call_extern("__int_as_float", n, ty="float32")
    OF[i, 17] = T.call_extern("__uint_as_float", T.cast(n, "uint32"), ty="float32")
    OF[i, 18] = T.call_extern("__fadd_rn", f, 1.0, ty="float32")
    OF[i, 19] = T.call_extern("__int2float_rn", T.int32(7) * n, ty="float32")
    OD[i, 0] = T.call_extern("__ll2double_rn", m, ty="float64")
    OD[i, 1] = T.call_extern("__ll2double_rz", m, ty="float64")
    OD[i, 2] = T.call_extern("__ll2double_ru", m, ty="float64")
    OD[i, 3] = T.call_extern("__ll2double_rd", m, ty="float64")
    OD[i, 4] = T.call_extern("__int2double_rn", n, ty="float64")
    OD[i, 5] = T.call_extern("__uint2double_rn", T.cast(n, "uint32"), ty="float64")
    OD[i, 6] = T.call_extern("__longlong_as_double", m, ty="float64")
    OD[i, 7] = T.call_extern("__hiloint2double", n, T.int32(-5), ty="float64")


def _round_int(q, mode):
    """An exact rational rounded to an integer in mode rn/rz/ru/rd."""
    import math
    from fractions import Fraction
    fl = math.floor(q)
    rem = q - fl
    if mode == "rd" or (mode == "rz" and q >= 0):
        return fl
    if mode == "ru" or mode == "rz":
        return fl + (rem > 0)
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2):
        return fl + 1
    return fl


def _to_int(x, mode, lo, hi):
    """cvt of a float to an integer of range [lo, hi]: rounded, saturated;
    NaN to 0, or to the sign bit from a float64 or into 64 bits (the
    integer whose bits those are)."""
    from fractions import Fraction
    import math
    wide = isinstance(x, np.float64) or hi > 2**32
    x = float(x)
    if math.isnan(x):
        return (lo if lo else (hi + 1) // 2) if wide else 0
    if math.isinf(x):
        return hi if x > 0 else lo
    return min(max(_round_int(Fraction(x), mode), lo), hi)


def _to_float(q, mode, ftype):
    """An exact rational rounded to ftype (finite results only here)."""
    from fractions import Fraction
    import math
    if q == 0:
        return ftype(0.0)
    info = np.finfo(ftype)
    neg = q < 0
    m = -q if neg else q
    e = math.floor(math.log2(m))
    while Fraction(2) ** e > m:
        e -= 1
    while Fraction(2) ** (e + 1) <= m:
        e += 1
    ulp = Fraction(2) ** (max(e, info.minexp) - info.nmant)
    k = _round_int(m / ulp, {"rn": "rn", "rz": "rz", "ru": "rd" if neg
                             else "ru", "rd": "ru" if neg else "rd"}[mode]
                   if mode in ("ru", "rd") else mode)
    v = Fraction(k) * ulp
    if v > Fraction(float(info.max)):
        out = ftype(np.inf) if mode == "rn" or (mode == "ru") != neg \
            else ftype(info.max)
    else:
        out = ftype(float(v))
        if ftype == np.float32 and out < info.tiny:  # Flushed (fast-math).
            out = np.float32(0.0)
    return -out if neg else out


def main():
    from fractions import Fraction
    rng = np.random.default_rng(17)
    F = (rng.standard_normal(N) * 10.0 ** rng.integers(-1, 10, N)).astype(np.float32)
    F[:8] = [2.5, -2.5, 3.5, -0.5, np.nan, np.inf, -np.inf, 3e9]
    F[8:12] = [-3e9, 1e19, -1e19, 4e19]
    D = rng.standard_normal(N) * 10.0 ** rng.integers(-1, 12, N)
    D[:8] = [2.5, -2.5, 1e-310, -0.5, np.nan, np.inf, 1e40, 5e9]
    D[8:12] = [-5e9, 0.5 + 2**-40, 3.4028235677973366e38, -1e-50]
    I = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    I[:4] = [2**31 - 1, -2**31, 16777217, -16777219]
    L = rng.integers(-2**63, 2**63, N, dtype=np.int64)
    L[:4] = [2**63 - 1, -2**63, 2**53 + 1, -(2**53 + 3)]
    R = ("rn", "rz", "ru", "rd")
    OI = np.zeros((N, 12), np.int32)
    OU = np.zeros((N, 8), np.uint32)
    OL = np.zeros((N, 8), np.int64)
    OF = np.zeros((N, 20), np.float32)
    OD = np.zeros((N, 8), np.float64)
    i32, u32 = (-2**31, 2**31 - 1), (0, 2**32 - 1)
    i64, u64 = (-2**63, 2**63 - 1), (0, 2**64 - 1)
    for k in range(N):
        f, d, n, m = F[k], D[k], int(I[k]), int(L[k])
        for r, mode in enumerate(R):
            OI[k, r] = _to_int(f, mode, *i32)
            OI[k, 4 + r] = _to_int(d, mode, *i32)
            OU[k, r] = _to_int(f, mode, *u32)
            OU[k, 4 + r] = _to_int(d, mode, *u32)
            OL[k, r] = _to_int(f, mode, *i64)
            OF[k, r] = _to_float(Fraction(n), mode, np.float32)
            OF[k, 4 + r] = _to_float(Fraction(n % 2**32), mode, np.float32)
            OF[k, 8 + r] = _to_float(Fraction(m), mode, np.float32)
            OD[k, r] = _to_float(Fraction(m), mode, np.float64)
            if np.isfinite(d) and abs(d) < 2**128:
                OF[k, 12 + r] = _to_float(Fraction(float(d)), mode, np.float32)
        OL[k, 4] = np.array(_to_int(f, "rn", *u64), np.uint64).view(np.int64)
        OL[k, 5] = np.array(_to_int(f, "rz", *u64), np.uint64).view(np.int64)
        OL[k, 7] = np.array(_to_int(f, "rd", *u64), np.uint64).view(np.int64)
        OL[k, 6] = np.array(d).view(np.int64)
        OI[k, 8] = np.array(f).view(np.int32)
        OI[k, 11] = np.array(f).view(np.int32)
        OI[k, 9] = int(np.array(d).view(np.int64)) >> 32
        OI[k, 10] = np.array(np.array(d).view(np.uint64) & 0xFFFFFFFF,
                             np.uint64).astype(np.uint32).view(np.int32)
        OF[k, 16] = np.array(n, np.int32).view(np.float32)
        OF[k, 17] = np.array(n, np.int32).view(np.float32)
        OF[k, 18] = f + np.float32(1.0)
        OF[k, 19] = _to_float(Fraction(int(np.int32(np.int64(7) * n % 2**32
                                                  - (2**32 if (7 * n) % 2**32 >= 2**31 else 0)))),
                              "rn", np.float32)
        OD[k, 4] = float(n)
        OD[k, 5] = float(n % 2**32)
        OD[k, 6] = np.array(m).view(np.float64)
        OD[k, 7] = np.array((n << 32) | (2**32 - 5), np.int64).view(np.float64) \
            if False else np.array(((n % 2**32) << 32) | (2**32 - 5),
                                   np.uint64).view(np.float64)
    # __double2float_* of a NaN: its payload's top bits (cvt's converted
    # NaN); of an infinity: the infinity; of a finite double out of range:
    # the infinity or the largest float per rounding. __fadd_rn of a NaN:
    # the canonical NaN.
    for k in range(N):
        d = D[k]
        if np.isnan(F[k]):
            OF[k, 18] = np.array(0x7FFFFFFF, np.uint32).view(np.float32)
        if np.isnan(d) or np.isinf(d):
            OF[k, 12:16] = np.float32(d)
        elif not (np.isfinite(d) and abs(d) < 2**128):
            big = np.float32(np.finfo(np.float32).max)
            pos = d > 0
            OF[k, 12] = np.float32(np.inf) if pos else -np.float32(np.inf)
            OF[k, 13] = big if pos else -big
            OF[k, 14] = np.float32(np.inf) if pos else -big
            OF[k, 15] = big if pos else -np.float32(np.inf)
    return ({"F": F, "D": D, "I": I, "L": L, "OI": np.zeros_like(OI),
             "OU": np.zeros_like(OU), "OL": np.zeros_like(OL),
             "OF": np.zeros_like(OF), "OD": np.zeros_like(OD)},
            {"OI": OI, "OU": OU, "OL": OL, "OF": OF, "OD": OD})
