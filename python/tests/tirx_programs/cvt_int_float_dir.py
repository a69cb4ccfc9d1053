"""Integer <-> float cvt with directed rounding / saturation: cvt.rz.f32.u32,
cvt.rm.f32.s32, cvt.rp.f32.u64, cvt.rn.f32.s64, cvt.rzi.s16.f32 (saturates),
cvt.rni.u8.f32 (saturates to [0,255]), cvt.rzi.u64.f64 (negative -> 0),
cvt.rpi.s64.f32, cvt.rmi.u32.f64, cvt.rn.f16.s32 / cvt.rz.f16.u16."""
from tvm_tirx.script import tirx as T
import numpy as np
from fractions import Fraction

N = 32


@T.function
def cvt_int_float_dir(A: T.Tensor((N,), "int32"), L: T.Tensor((N,), "int64"),
                      X: T.Tensor((N,), "float32"), D: T.Tensor((N,), "float64"),
                      F: T.Tensor((N, 4), "float32"), I: T.Tensor((N, 6), "int64"),
                      H: T.Tensor((N, 2), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    f = T.local_scalar("float32")
    sh = T.local_scalar("int16")
    b = T.local_scalar("uint8")
    w = T.local_scalar("uint64")
    sw = T.local_scalar("int64")
    u = T.local_scalar("uint32")
    h = T.local_scalar("float16")
    T.ptx.cvt.rz.f32.u32(f, T.reinterpret(A[i], ty="uint32"))
    F[i, 0] = f
    T.ptx.cvt.rm.f32.s32(f, A[i])
    F[i, 1] = f
    T.ptx.cvt.rp.f32.u64(f, T.reinterpret(L[i], ty="uint64"))
    F[i, 2] = f
    T.ptx.cvt.rn.f32.s64(f, L[i])
    F[i, 3] = f
    T.ptx.cvt.rzi.s16.f32(sh, X[i])
    I[i, 0] = T.cast(sh, "int64")
    T.ptx.cvt.rni.u8.f32(b, X[i])
    I[i, 1] = T.cast(b, "int64")
    T.ptx.cvt.rzi.u64.f64(w, D[i])
    I[i, 2] = T.reinterpret(w, ty="int64")
    T.ptx.cvt.rpi.s64.f32(sw, X[i])
    I[i, 3] = sw
    T.ptx.cvt.rmi.u32.f64(u, D[i])
    I[i, 4] = T.cast(u, "int64")
    T.ptx.cvt.rni.s64.f64(sw, D[i])
    I[i, 5] = sw
    T.ptx.cvt.rn.f16.s32(h, A[i])
    H[i, 0] = h
    T.ptx.cvt.rz.f16.u16(h, T.cast(T.reinterpret(A[i], ty="uint32") & T.uint32(0xFFFF), "uint16"))
    H[i, 1] = h


def _round_to_f32(q, mode):
    # q: Fraction (integer). Return the float32 neighbour chosen by mode.
    f = np.float32(float(q))  # RN (float(q) of an integer < 2^64 is exact-or-RN to f64 first)
    fq = Fraction(float(f))
    if fq == q:
        return f
    lo = f if fq < q else np.nextafter(f, np.float32(-np.inf))
    hi = np.nextafter(lo, np.float32(np.inf))
    if mode == "rz":
        return lo if q > 0 else hi
    if mode == "rm":
        return lo
    if mode == "rp":
        return hi
    dl, dh = q - Fraction(float(lo)), Fraction(float(hi)) - q
    if dl != dh:
        return lo if dl < dh else hi
    return lo if int(np.array(lo).view(np.uint32)) % 2 == 0 else hi


def _round_to_f16(q, mode):
    f = np.float16(float(q))
    if mode == "rn":
        return f  # float(q) is exact for |q| < 2^53, so one RN rounding
    if np.isinf(f):
        return f if mode == "rn" else np.float16(np.copysign(65504.0, float(q)))
    fq = Fraction(float(f))
    if fq == q:
        return f
    lo = f if fq < q else np.nextafter(f, np.float16(-np.inf))
    hi = np.nextafter(lo, np.float16(np.inf))
    if mode == "rz":
        return lo if q > 0 else hi
    dl, dh = q - Fraction(float(lo)), Fraction(float(hi)) - q
    if dl != dh:
        return lo if dl < dh else hi
    return lo if int(np.array(lo).view(np.uint16)) % 2 == 0 else hi


def main():
    rng = np.random.default_rng(613)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    A[0:4] = [16777217, -16777217, 2**31 - 1, 2049]
    A[4:6] = [65519, 70000]
    L = rng.integers(-2**63, 2**63, N, dtype=np.int64)
    L[0:3] = [2**24 + 1, -(2**53 + 1), 2**62 + 2**38 + 1]
    X = (rng.standard_normal(N) * 200).astype(np.float32)
    X[0:6] = [40000.5, -40000.5, 255.5, 254.5, -3.5, 1e20]
    X[6:8] = [0.5, 1.5]
    D = rng.standard_normal(N) * 1e6
    D[0:6] = [-5.0, 2.0**64 + 4096, 4294967295.9, -0.5, 2.5, 1e30]
    F = np.zeros((N, 4), np.float32)
    I = np.zeros((N, 6), np.int64)
    H = np.zeros((N, 2), np.float16)
    import math
    sat = lambda v, lo, hi: max(lo, min(hi, v))
    rne = lambda x: int(round(x))  # python round is half-even on floats
    for k in range(N):
        a, l, x, d = int(A[k]), int(L[k]), float(X[k]), float(D[k])
        F[k] = [_round_to_f32(Fraction(a % 2**32), "rz"), _round_to_f32(Fraction(a), "rm"),
                _round_to_f32(Fraction(l % 2**64), "rp"), _round_to_f32(Fraction(l), "rn")]
        i0 = sat(math.trunc(x), -32768, 32767)
        i1 = sat(rne(x), 0, 255)
        i2 = sat(math.trunc(d), 0, 2**64 - 1)
        i2 = i2 - 2**64 if i2 >= 2**63 else i2
        i3 = sat(math.ceil(x), -2**63, 2**63 - 1)
        i4 = sat(math.floor(d), 0, 2**32 - 1)
        i5 = sat(rne(d), -2**63, 2**63 - 1)
        I[k] = [i0, i1, i2, i3, i4, i5]
        H[k] = [_round_to_f16(Fraction(a), "rn"), _round_to_f16(Fraction(a % 65536), "rz")]
    return ({"A": A, "L": L, "X": X, "D": D, "F": np.zeros_like(F), "I": np.zeros_like(I),
             "H": np.zeros_like(H)}, {"F": F, "I": I, "H": H})
