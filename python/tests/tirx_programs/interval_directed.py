"""Interval arithmetic with PTX's directed roundings: for each (a, b, c) the
kernel writes [lo, hi] enclosures of a+b, a-b, a*b, a/b, 1/b, sqrt(|a|), a*b+c
by .rm/.rp (f32 and f64), plus .rz forms (div/rcp/sqrt/mul/fma), mad.rp.f32,
div.rp.ftz.f32 with a subnormal divisor, and overflow to max-float / inf.
Reference: exact rationals (fractions) rounded by hand."""
from tvm_tirx.script import tirx as T
import numpy as np
from fractions import Fraction

N = 32


@T.function
def interval_directed(A: T.Tensor((N,), "float32"), B: T.Tensor((N,), "float32"),
                      C: T.Tensor((N,), "float32"), O: T.Tensor((N, 20), "float32"),
                      D: T.Tensor((N, 8), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    c = C[i]
    r = T.local_scalar("float32")
    T.ptx.add.rm.f32(r, a, b)
    O[i, 0] = r
    T.ptx.add.rp.f32(r, a, b)
    O[i, 1] = r
    T.ptx.sub.rm.f32(r, a, b)
    O[i, 2] = r
    T.ptx.sub.rp.f32(r, a, b)
    O[i, 3] = r
    T.ptx.mul.rm.f32(r, a, b)
    O[i, 4] = r
    T.ptx.mul.rp.f32(r, a, b)
    O[i, 5] = r
    T.ptx.div.rm.f32(r, a, b)
    O[i, 6] = r
    T.ptx.div.rp.f32(r, a, b)
    O[i, 7] = r
    T.ptx.rcp.rm.f32(r, b)
    O[i, 8] = r
    T.ptx.rcp.rp.f32(r, b)
    O[i, 9] = r
    T.ptx.sqrt.rm.f32(r, T.abs(a))
    O[i, 10] = r
    T.ptx.sqrt.rp.f32(r, T.abs(a))
    O[i, 11] = r
    T.ptx.fma.rm.f32(r, a, b, c)
    O[i, 12] = r
    T.ptx.fma.rp.f32(r, a, b, c)
    O[i, 13] = r
    T.ptx.div.rz.f32(r, a, b)
    O[i, 14] = r
    T.ptx.rcp.rz.f32(r, b)
    O[i, 15] = r
    T.ptx.sqrt.rz.f32(r, T.abs(a))
    O[i, 16] = r
    T.ptx.fma.rz.f32(r, a, b, c)
    O[i, 17] = r
    T.ptx.mad.rp.f32(r, a, b, c)
    O[i, 18] = r
    T.ptx.div.rp.ftz.f32(r, a, b)
    O[i, 19] = r
    a64 = T.cast(a, "float64") * T.float64(1.0000001)
    b64 = T.cast(b, "float64")
    d = T.local_scalar("float64")
    T.ptx.div.rm.f64(d, a64, b64)
    D[i, 0] = d
    T.ptx.div.rp.f64(d, a64, b64)
    D[i, 1] = d
    T.ptx.rcp.rz.f64(d, b64)
    D[i, 2] = d
    T.ptx.sqrt.rp.f64(d, T.abs(a64))
    D[i, 3] = d
    T.ptx.sqrt.rm.f64(d, T.abs(a64))
    D[i, 4] = d
    T.ptx.fma.rp.f64(d, a64, b64, T.cast(c, "float64"))
    D[i, 5] = d
    T.ptx.add.rm.f64(d, a64, T.cast(c, "float64"))
    D[i, 6] = d
    T.ptx.mul.rz.f64(d, a64, b64)
    D[i, 7] = d


def _round(q, mode, ft):
    """Round the rational q (or +-inf / nan given as float) to ft with mode."""
    if isinstance(q, float):
        return ft(q)
    fi = np.finfo(ft)
    if q == 0:
        return ft(0.0)
    mx = Fraction(float(fi.max))
    # floor and ceil among finite ft values, +-inf beyond
    if q > mx:
        lo, hi = fi.max, ft(np.inf)
    elif q < -mx:
        lo, hi = ft(-np.inf), -fi.max
    else:
        c = ft(float(q))
        with np.errstate(over="ignore"):
            while Fraction(float(c)) > q:
                c = np.nextafter(c, ft(-np.inf))
            while Fraction(float(np.nextafter(c, ft(np.inf)))) <= q:
                c = np.nextafter(c, ft(np.inf))
        lo = c
        hi = c if Fraction(float(c)) == q else np.nextafter(c, ft(np.inf))
    if mode == "rm":
        return ft(lo)
    if mode == "rp":
        return ft(hi)
    if mode == "rz":
        return ft(lo) if q > 0 else ft(hi)
    raise ValueError


def _sqrt_round(x, mode, ft):
    if x == 0:
        return ft(x)
    q = Fraction(float(x))
    c = ft(np.sqrt(np.float64(x)))
    while Fraction(float(c)) ** 2 > q:
        c = np.nextafter(c, ft(-np.inf))
    while Fraction(float(np.nextafter(c, ft(np.inf)))) ** 2 <= q:
        c = np.nextafter(c, ft(np.inf))
    lo = c
    hi = c if Fraction(float(c)) ** 2 == q else np.nextafter(c, ft(np.inf))
    return ft(hi) if mode == "rp" else ft(lo)


def _z(x):
    """nvcc's --use_fast_math (TIRx's build) flushes f32 subnormals in fabsf
    and in the f32->f64 conversion (abs.ftz.f32, cvt.ftz.f64.f32)."""
    return np.copysign(0.0, x) if np.isfinite(x) and abs(x) < 2.0 ** -126 else x


def _sg(x):
    return np.copysign(1.0, float(x))


def add_r(x, y, mode, ft):
    q = Fraction(float(x)) + Fraction(float(y))
    if q == 0:
        if float(x) == 0 and float(y) == 0 and _sg(x) == _sg(y):
            return ft(np.copysign(0.0, _sg(x)))
        return ft(-0.0 if mode == "rm" else 0.0)
    return _round(q, mode, ft)


def mul_r(x, y, mode, ft):
    q = Fraction(float(x)) * Fraction(float(y))
    if q == 0:
        return ft(np.copysign(0.0, _sg(x) * _sg(y)))
    return _round(q, mode, ft)


def div_r(x, y, mode, ft):
    if float(y) == 0:
        return ft(np.nan) if float(x) == 0 else ft(_sg(x) * _sg(y) * np.inf)
    q = Fraction(float(x)) / Fraction(float(y))
    if q == 0:
        return ft(np.copysign(0.0, _sg(x) * _sg(y)))
    return _round(q, mode, ft)


def fma_r(x, y, z, mode, ft):
    p = Fraction(float(x)) * Fraction(float(y))
    q = p + Fraction(float(z))
    if q == 0:
        ps = _sg(x) * _sg(y)
        if p == 0 and float(z) == 0 and ps == _sg(z):
            return ft(np.copysign(0.0, ps))
        return ft(-0.0 if mode == "rm" else 0.0)
    return _round(q, mode, ft)


def main():
    rng = np.random.default_rng(9001)
    A = (rng.standard_normal(N) * np.exp2(rng.integers(-20, 20, N))).astype(np.float32)
    B = (rng.standard_normal(N) * np.exp2(rng.integers(-20, 20, N))).astype(np.float32)
    C = (rng.standard_normal(N) * np.exp2(rng.integers(-20, 20, N))).astype(np.float32)
    # edges: huge products / quotients (overflow), tiny (subnormal) results, exact cases
    A[0], B[0], C[0] = 3e38, 7.0, -1.0
    A[1], B[1], C[1] = -3e38, 1e-3, 5.0
    A[2], B[2], C[2] = 1e-30, 1e30, 0.0
    A[3], B[3], C[3] = 1.0, 3.0, -1.0 / 3.0
    A[4], B[4], C[4] = 2.0, 1e-40, 1.0        # subnormal divisor
    A[5], B[5], C[5] = -1e-38, 1e5, 1e-45
    A[6], B[6], C[6] = 6.0, -2.0, 12.0       # exact, fma to an exact zero
    A[7], B[7], C[7] = 1.5, 1e-39, -0.0
    A[8], B[8], C[8] = 0.0, -5.0, -0.0
    A[9], B[9], C[9] = 1e-45, 0.5, 0.0       # min subnormal / 2
    A[10], B[10], C[10] = 1e-20, 1e-20, -1e-40   # product underflows to subnormal
    O = np.zeros((N, 20), np.float32)
    D = np.zeros((N, 8), np.float64)
    f32, f64 = np.float32, np.float64
    for k in range(N):
        a, b, c = A[k], B[k], C[k]
        aa = f32(_z(abs(float(a))))
        row = [add_r(a, b, "rm", f32), add_r(a, b, "rp", f32),
               add_r(a, -b, "rm", f32), add_r(a, -b, "rp", f32),
               mul_r(a, b, "rm", f32), mul_r(a, b, "rp", f32),
               div_r(a, b, "rm", f32), div_r(a, b, "rp", f32),
               div_r(1.0, b, "rm", f32), div_r(1.0, b, "rp", f32),
               _sqrt_round(aa, "rm", f32), _sqrt_round(aa, "rp", f32),
               fma_r(a, b, c, "rm", f32), fma_r(a, b, c, "rp", f32),
               div_r(a, b, "rz", f32), div_r(1.0, b, "rz", f32),
               _sqrt_round(aa, "rz", f32), fma_r(a, b, c, "rz", f32),
               fma_r(a, b, c, "rp", f32)]
        # div.rp.ftz: subnormal inputs are flushed (sign kept), subnormal results flushed
        v = div_r(f32(_z(float(a))), f32(_z(float(b))), "rp", f32)
        if np.isfinite(v) and abs(float(v)) < 2.0 ** -126:
            v = f32(np.copysign(0.0, float(v)))
        row.append(v)
        O[k] = row
        a64 = f64(_z(float(a))) * f64(1.0000001)
        b64, c64 = f64(_z(float(b))), f64(_z(float(c)))
        D[k] = [div_r(a64, b64, "rm", f64), div_r(a64, b64, "rp", f64),
                div_r(1.0, b64, "rz", f64), _sqrt_round(abs(a64), "rp", f64),
                _sqrt_round(abs(a64), "rm", f64), fma_r(a64, b64, c64, "rp", f64),
                add_r(a64, c64, "rm", f64), mul_r(a64, b64, "rz", f64)]
    return ({"A": A, "B": B, "C": C, "O": np.zeros_like(O), "D": np.zeros_like(D)},
            {"O": O, "D": D})
