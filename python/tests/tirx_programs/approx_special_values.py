"""The PTX approximations on their special inputs, whose results the PTX ISA
fixes exactly (tables of 9.7.3.x): +-0, +-inf, NaN and float32 subnormals
(flushed by .ftz) into rcp/sqrt/rsqrt/ex2/lg2/sin/cos.approx.ftz.f32,
tanh.approx.f32, rcp.approx.ftz.f64, rsqrt.approx.f64, ex2.approx.f16 and
ex2.approx.ftz.bf16, tanh.approx.bf16. NaN results are stored as -7 (their
payload is not fixed)."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

N = 7


@T.function
def asv(X: T.Tensor((N,), "float32"), O: T.Tensor((N, 13), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    x = X[i]
    r = T.local_scalar("float32")
    d = T.local_scalar("float64")
    h = T.local_scalar("uint16")
    b = T.local_scalar("uint16")
    T.ptx.rcp.approx.ftz.f32(r, x)
    O[i, 0] = T.Select(T.isnan(r), T.float32(-7), r)
    T.ptx.sqrt.approx.ftz.f32(r, x)
    O[i, 1] = T.Select(T.isnan(r), T.float32(-7), r)
    T.ptx.rsqrt.approx.ftz.f32(r, x)
    O[i, 2] = T.Select(T.isnan(r), T.float32(-7), r)
    T.ptx.ex2.approx.ftz.f32(r, x)
    O[i, 3] = T.Select(T.isnan(r), T.float32(-7), r)
    T.ptx.lg2.approx.ftz.f32(r, x)
    O[i, 4] = T.Select(T.isnan(r), T.float32(-7), r)
    T.ptx.sin.approx.ftz.f32(r, x)
    O[i, 5] = T.Select(T.isnan(r), T.float32(-7), r)
    T.ptx.cos.approx.ftz.f32(r, x)
    O[i, 6] = T.Select(T.isnan(r), T.float32(-7), r)
    T.ptx.tanh.approx.f32(r, T.Select(i < 5, x, T.float32(0)))
    O[i, 7] = T.Select(T.isnan(r), T.float32(-7), r)
    T.ptx.rcp.approx.ftz.f64(d, T.cast(T.Select(i < 5, x, T.float32(0)), "float64"))
    O[i, 8] = T.cast(T.Select(T.isnan(d), T.float64(-7), d), "float32")
    T.ptx.rsqrt.approx.f64(d, T.cast(T.Select(i < 5, x, T.float32(0)), "float64"))
    O[i, 9] = T.cast(T.Select(T.isnan(d), T.float64(-7), d), "float32")
    T.ptx.ex2.approx.f16(h, T.reinterpret(T.cast(x, "float16"), ty="uint16"))
    hv = T.cast(T.reinterpret(h, ty="float16"), "float32")
    O[i, 10] = T.Select(T.isnan(hv), T.float32(-7), hv)
    T.ptx.ex2.approx.ftz.bf16(b, T.reinterpret(T.cast(x, "bfloat16"), ty="uint16"))
    bv = T.cast(T.reinterpret(b, ty="bfloat16"), "float32")
    O[i, 11] = T.Select(T.isnan(bv), T.float32(-7), bv)
    T.ptx.tanh.approx.bf16(b, T.reinterpret(T.cast(T.Select(i < 5, x, T.float32(0)), "bfloat16"), ty="uint16"))
    bv2 = T.cast(T.reinterpret(b, ty="bfloat16"), "float32")
    O[i, 12] = T.Select(T.isnan(bv2), T.float32(-7), bv2)


def main():
    inf, nan = np.inf, -7.0
    X = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, -1e-40], np.float32)
    # rows: inputs; columns: the 13 results per the PTX ISA's special-value tables
    O = np.array([
        # rcp   sqrt  rsqrt  ex2  lg2   sin   cos  tanh  rcp64 rsq64 ex2h ex2bf tanhbf
        [inf,  0.0,  inf,  1.0, -inf,  0.0,  1.0,  0.0, inf,  inf,  1.0, 1.0,  0.0],
        [-inf, -0.0, -inf, 1.0, -inf, -0.0,  1.0, -0.0, -inf, -inf, 1.0, 1.0, -0.0],
        [0.0,  inf,  0.0,  inf,  inf,  nan,  nan,  1.0, 0.0,  0.0,  inf, inf,  1.0],
        [-0.0, nan,  nan,  0.0,  nan,  nan,  nan, -1.0, -0.0, nan,  0.0, 0.0, -1.0],
        [nan,  nan,  nan,  nan,  nan,  nan,  nan,  nan, nan,  nan,  nan, nan,  nan],
        [inf,  0.0,  inf,  1.0, -inf,  0.0,  1.0,  0.0, inf,  inf,  1.0, 1.0,  0.0],
        [-inf, -0.0, -inf, 1.0, -inf, -0.0,  1.0,  0.0, inf,  inf,  1.0, 1.0,  0.0],
    ], np.float32)
    return {"X": X, "O": np.zeros((N, 13), np.float32)}, {"O": O}
