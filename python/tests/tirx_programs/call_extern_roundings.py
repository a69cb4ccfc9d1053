"""T.call_extern of CUDA's directed-rounding intrinsics, f32 and f64: add,
sub, mul, div, fma, sqrt and rcp in each of rn, rz, ru, rd (__fadd_rz,
__fmaf_ru, __dsqrt_rd, __drcp_rn, ...), on random nonzero finite operands
with the largest values (overflow in each mode), equal operands (a zero
sum's sign in each mode) and, for float64, subnormals among them. The
reference rounds the exact rational result."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64
R = ("rn", "rz", "ru", "rd")


@T.function
def roundings(A: T.Tensor((N,), "float32"), B: T.Tensor((N,), "float32"),
              C: T.Tensor((N,), "float32"), F: T.Tensor((N, 28), "float32"),
              X: T.Tensor((N,), "float64"), Y: T.Tensor((N,), "float64"),
              Z: T.Tensor((N,), "float64"), D: T.Tensor((N, 28), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a, b, c = A[i], B[i], C[i]
    x, y, z = X[i], Y[i], Z[i]
    F[i, 0] = T.call_extern("__fadd_rn", a, b, ty="float32")
    F[i, 1] = T.call_extern("__fadd_rz", a, b, ty="float32")
    F[i, 2] = T.call_extern("__fadd_ru", a, b, ty="float32")
    F[i, 3] = T.call_extern("__fadd_rd", a, b, ty="float32")
    F[i, 4] = T.call_extern("__fsub_rn", a, b, ty="float32")
    F[i, 5] = T.call_extern("__fsub_rz", a, b, ty="float32")
    F[i, 6] = T.call_extern("__fsub_ru", a, b, ty="float32")
    F[i, 7] = T.call_extern("__fsub_rd", a, b, ty="float32")
    F[i, 8] = T.call_extern("__fmul_rn", a, b, ty="float32")
    F[i, 9] = T.call_extern("__fmul_rz", a, b, ty="float32")
    F[i, 10] = T.call_extern("__fmul_ru", a, b, ty="float32")
    F[i, 11] = T.call_extern("__fmul_rd", a, b, ty="float32")
    F[i, 12] = T.call_extern("__fdiv_rn", a, b, ty="float32")
    F[i, 13] = T.call_extern("__fdiv_rz", a, b, ty="float32")
    F[i, 14] = T.call_extern("__fdiv_ru", a, b, ty="float32")
    F[i, 15] = T.call_extern("__fdiv_rd", a, b, ty="float32")
    F[i, 16] = T.call_extern("__fmaf_rn", a, b, c, ty="float32")
    F[i, 17] = T.call_extern("__fmaf_rz", a, b, c, ty="float32")
    F[i, 18] = T.call_extern("__fmaf_ru", a, b, c, ty="float32")
    F[i, 19] = T.call_extern("__fmaf_rd", a, b, c, ty="float32")
    F[i, 20] = T.call_extern("__fsqrt_rn", T.abs(a), ty="float32")
    F[i, 21] = T.call_extern("__fsqrt_rz", T.abs(a), ty="float32")
    F[i, 22] = T.call_extern("__fsqrt_ru", T.abs(a), ty="float32")
    F[i, 23] = T.call_extern("__fsqrt_rd", T.abs(a), ty="float32")
    F[i, 24] = T.call_extern("__frcp_rn", b, ty="float32")
    F[i, 25] = T.call_extern("__frcp_rz", b, ty="float32")
    F[i, 26] = T.call_extern("__frcp_ru", b, ty="float32")
    F[i, 27] = T.call_extern("__frcp_rd", b, ty="float32")
    D[i, 0] = T.call_extern("__dadd_rn", x, y, ty="float64")
    D[i, 1] = T.call_extern("__dadd_rz", x, y, ty="float64")
    D[i, 2] = T.call_extern("__dadd_ru", x, y, ty="float64")
    D[i, 3] = T.call_extern("__dadd_rd", x, y, ty="float64")
    D[i, 4] = T.call_extern("__dsub_rn", x, y, ty="float64")
    D[i, 5] = T.call_extern("__dsub_rz", x, y, ty="float64")
    D[i, 6] = T.call_extern("__dsub_ru", x, y, ty="float64")
    D[i, 7] = T.call_extern("__dsub_rd", x, y, ty="float64")
    D[i, 8] = T.call_extern("__dmul_rn", x, y, ty="float64")
    D[i, 9] = T.call_extern("__dmul_rz", x, y, ty="float64")
    D[i, 10] = T.call_extern("__dmul_ru", x, y, ty="float64")
    D[i, 11] = T.call_extern("__dmul_rd", x, y, ty="float64")
    D[i, 12] = T.call_extern("__ddiv_rn", x, y, ty="float64")
    D[i, 13] = T.call_extern("__ddiv_rz", x, y, ty="float64")
    D[i, 14] = T.call_extern("__ddiv_ru", x, y, ty="float64")
    D[i, 15] = T.call_extern("__ddiv_rd", x, y, ty="float64")
    D[i, 16] = T.call_extern("__fma_rn", x, y, z, ty="float64")
    D[i, 17] = T.call_extern("__fma_rz", x, y, z, ty="float64")
    D[i, 18] = T.call_extern("__fma_ru", x, y, z, ty="float64")
    D[i, 19] = T.call_extern("__fma_rd", x, y, z, ty="float64")
    D[i, 20] = T.call_extern("__dsqrt_rn", T.abs(x), ty="float64")
    D[i, 21] = T.call_extern("__dsqrt_rz", T.abs(x), ty="float64")
    D[i, 22] = T.call_extern("__dsqrt_ru", T.abs(x), ty="float64")
    D[i, 23] = T.call_extern("__dsqrt_rd", T.abs(x), ty="float64")
    D[i, 24] = T.call_extern("__drcp_rn", y, ty="float64")
    D[i, 25] = T.call_extern("__drcp_rz", y, ty="float64")
    D[i, 26] = T.call_extern("__drcp_ru", y, ty="float64")
    D[i, 27] = T.call_extern("__drcp_rd", y, ty="float64")


def _round(q, mode, ftype):
    """The exact rational q (a Fraction, or a float for an infinity) rounded
    to ftype in mode rn/rz/ru/rd, IEEE 754 (overflow per mode)."""
    from fractions import Fraction
    import math
    info = np.finfo(ftype)
    if isinstance(q, float):
        return ftype(q)
    if q == 0:  # From nonzero operands: -0 rounding down, else +0.
        return ftype(-0.0) if mode == "rd" else ftype(0.0)
    neg = q < 0
    m = -q if neg else q
    p = info.nmant + 1
    emin = info.minexp
    e = max(math.floor(math.log2(m.numerator) - math.log2(m.denominator)),
            emin)
    while Fraction(2) ** e > m and e > emin:
        e -= 1
    while Fraction(2) ** (e + 1) <= m:
        e += 1
    ulp = Fraction(2) ** (max(e, emin) - (p - 1))
    k, r = divmod(m, ulp)
    k = int(k)
    up = {"rn": r > ulp / 2 or (r == ulp / 2 and k % 2 == 1),
          "rz": False, "ru": r > 0 and not neg, "rd": r > 0 and neg}[mode]
    k += up
    v = Fraction(k) * ulp
    maxv = Fraction(float(info.max))
    if v > maxv:
        toward_inf = mode == "rn" or (mode == "ru" and not neg) or \
            (mode == "rd" and neg)
        out = ftype(np.inf) if toward_inf else ftype(info.max)
    else:
        out = ftype(float(v)) if ftype == np.float64 else \
            np.float32(float(v))
        # --use_fast_math: nvcc's float32 intrinsics flush a subnormal
        # result to zero.
        if ftype == np.float32 and out < info.tiny:
            out = np.float32(0.0)
    return -out if neg else out


def _exact(op, *args):
    from fractions import Fraction
    import math
    fs = [float(a) for a in args]
    if any(math.isnan(f) or math.isinf(f) for f in fs):
        return None
    q = [Fraction(f) for f in fs]
    if op == "add":
        return q[0] + q[1]
    if op == "sub":
        return q[0] - q[1]
    if op == "mul":
        return q[0] * q[1]
    if op == "div":
        return None if q[1] == 0 else q[0] / q[1]
    if op == "fma":
        return q[0] * q[1] + q[2]
    if op == "rcp":
        return None if q[0] == 0 else 1 / q[0]
    return None


def _sqrt(x, mode, ftype):
    """sqrt of a non-negative float rounded in mode: the integer square root
    of the value scaled far past the format's precision decides."""
    from fractions import Fraction
    import math
    q = Fraction(float(x))
    if q == 0:
        return ftype(0.0)
    scale = 4 ** 700
    s = math.isqrt(q.numerator * scale // q.denominator)
    exact = Fraction(s * s, scale) == q
    lo = Fraction(s, 2 ** 700)
    # s/2^700 <= sqrt(q) < (s+1)/2^700: a value strictly between when inexact.
    val = lo if exact else lo + Fraction(1, 2 ** 702)
    return _round(val, mode, ftype)


def _values(rng, ftype, n):
    """Random operands of 1e-3 to 1e3 and, for float64, subnormals too
    (TIRx builds with --use_fast_math, where nvcc's float32 intrinsics
    flush subnormals: the float32 operands and results stay normal), the
    largest values and 1 + eps."""
    info = np.finfo(ftype)
    v = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)
    v = v.astype(ftype)
    if ftype == np.float64:
        v[:4] = [info.tiny / 4, -info.tiny * 3, info.tiny, -info.tiny / 2**10]
    v[4:6] = [info.max, -info.max / 2]
    v[6] = ftype(1.0) + info.eps
    v[7] = ftype(3.0)
    return v


def main():
    rng = np.random.default_rng(9)
    A, B, C = (_values(rng, np.float32, N) for _ in range(3))
    X, Y, Z = (_values(rng, np.float64, N) for _ in range(3))
    F = np.zeros((N, 28), np.float32)
    D = np.zeros((N, 28), np.float64)
    for out, (a, b, c), ft in ((F, (A, B, C), np.float32),
                               (D, (X, Y, Z), np.float64)):
        for k in range(N):
            for j, op in enumerate(("add", "sub", "mul", "div", "fma")):
                args = (a[k], b[k], c[k])[:3 if op == "fma" else 2]
                q = _exact(op, *args)
                for r, mode in enumerate(R):
                    out[k, 4 * j + r] = _round(q, mode, ft)
            for r, mode in enumerate(R):
                out[k, 20 + r] = _sqrt(abs(a[k]), mode, ft)
                out[k, 24 + r] = _round(_exact("rcp", b[k]), mode, ft)
    return ({"A": A, "B": B, "C": C, "F": np.zeros_like(F), "X": X, "Y": Y,
             "Z": Z, "D": np.zeros_like(D)}, {"F": F, "D": D})
