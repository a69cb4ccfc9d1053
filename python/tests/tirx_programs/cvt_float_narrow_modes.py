"""Float narrowing cvt with every rounding: cvt.rz/rm/rp.f16.f32, cvt.rm/rp.bf16.f32,
cvt.rn.relu.f16.f32, cvt.rn.relu.bf16.f32, cvt.rn.satfinite.f16.f32, cvt.rz.f32.f64 /
cvt.rp.f32.f64, cvt.ftz.f32.f32 (subnormal flush) and cvt.f64.f32."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes
from fractions import Fraction

N = 32


@T.function
def cvt_float_narrow_modes(X: T.Tensor((N,), "float32"), D: T.Tensor((N,), "float64"),
                           H: T.Tensor((N, 5), "uint16"), B: T.Tensor((N, 3), "uint16"),
                           F: T.Tensor((N, 3), "float32"), G: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    h = T.local_scalar("float16")
    b = T.local_scalar("uint16")
    f = T.local_scalar("float32")
    g = T.local_scalar("float64")
    T.ptx.cvt.rz.f16.f32(h, X[i])
    H[i, 0] = T.reinterpret(h, ty="uint16")
    T.ptx.cvt.rm.f16.f32(h, X[i])
    H[i, 1] = T.reinterpret(h, ty="uint16")
    T.ptx.cvt.rp.f16.f32(h, X[i])
    H[i, 2] = T.reinterpret(h, ty="uint16")
    T.ptx.cvt.rn.relu.f16.f32(h, X[i])
    H[i, 3] = T.reinterpret(h, ty="uint16")
    T.ptx.cvt.rn.satfinite.f16.f32(h, X[i])
    H[i, 4] = T.reinterpret(h, ty="uint16")
    T.ptx.cvt.rm.bf16.f32(b, X[i])
    B[i, 0] = b
    T.ptx.cvt.rp.bf16.f32(b, X[i])
    B[i, 1] = b
    T.ptx.cvt.rn.relu.bf16.f32(b, X[i])
    B[i, 2] = b
    T.ptx.cvt.rz.f32.f64(f, D[i])
    F[i, 0] = f
    T.ptx.cvt.rp.f32.f64(f, D[i])
    F[i, 1] = f
    T.ptx.cvt.ftz.f32.f32(f, X[i])
    F[i, 2] = f
    T.ptx.cvt.f64.f32(g, X[i])
    G[i] = g


def _dir(x, dt, mode):
    """Round finite float x (exact as Fraction) to dtype dt with mode rz/rm/rp/rn."""
    q = Fraction(x)
    r = dt(x) if abs(x) < 1e300 else dt(np.inf)
    info_max = float(np.finfo(dt).max) if dt is not ml_dtypes.bfloat16 else float(ml_dtypes.finfo(dt).max)
    if np.isinf(r):
        lo = hi = None
        m = dt(info_max)
        if x > 0:
            lo, hi = m, dt(np.inf)
        else:
            lo, hi = dt(-np.inf), dt(-info_max)
    else:
        rq = Fraction(float(r))
        if rq == q:
            return r
        if rq < q:
            lo = r
            hi = np.nextafter(r, dt(np.inf)) if dt is not ml_dtypes.bfloat16 else _bnext(r, 1)
        else:
            hi = r
            lo = np.nextafter(r, dt(-np.inf)) if dt is not ml_dtypes.bfloat16 else _bnext(r, -1)
    if mode == "rn":
        return dt(x)
    if mode == "rm":
        return lo
    if mode == "rp":
        return hi
    return lo if x > 0 else hi


def _bnext(r, d):
    b = int(np.array(r, ml_dtypes.bfloat16).view(np.uint16))
    v = float(r)
    up = (d > 0) == (v >= 0 and not (v == 0 and np.signbit(v)))
    if v == 0:
        nb = 0x0001 if d > 0 else 0x8001
    else:
        nb = b + 1 if up else b - 1
    return np.array(nb, np.uint16).view(ml_dtypes.bfloat16)[()]


def main():
    rng = np.random.default_rng(614)
    X = (rng.standard_normal(N) * 100).astype(np.float32)
    X[0:8] = [1e5, -1e5, 65519.0, -65520.0, 1e-6, -1e-8, 3.0e-39, -1.2e-39]
    D = rng.standard_normal(N) * 1e3
    D[0:4] = [1.0 + 2.0**-30, -(1.0 + 2.0**-30), 1e39, 1e-50]
    u16 = lambda v, dt: int(np.array(v, dt).view(np.uint16))
    H = np.zeros((N, 5), np.uint16)
    B = np.zeros((N, 3), np.uint16)
    F = np.zeros((N, 3), np.float32)
    G = X.astype(np.float64)
    f16, bf = np.float16, ml_dtypes.bfloat16
    for k in range(N):
        x, d = float(X[k]), float(D[k])
        xr = max(x, 0.0)
        hs = _dir(x, f16, "rn")
        if np.isinf(hs):
            hs = f16(np.copysign(65504.0, x))
        H[k] = [u16(_dir(x, f16, "rz"), f16), u16(_dir(x, f16, "rm"), f16), u16(_dir(x, f16, "rp"), f16),
                u16(f16(xr), f16), u16(hs, f16)]
        B[k] = [u16(_dir(x, bf, "rm"), bf), u16(_dir(x, bf, "rp"), bf), u16(bf(xr), bf)]
        ftz = x if abs(x) >= 2.0**-126 else np.copysign(0.0, x)
        F[k] = [_dir(d, np.float32, "rz"), _dir(d, np.float32, "rp"), ftz]
    return ({"X": X, "D": D, "H": np.zeros_like(H), "B": np.zeros_like(B), "F": np.zeros_like(F),
             "G": np.zeros_like(G)}, {"H": H, "B": B, "F": F, "G": G})
