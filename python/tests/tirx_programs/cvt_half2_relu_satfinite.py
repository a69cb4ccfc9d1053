"""Packed conversions from two f32: cvt.rn.f16x2.f32 (first source in the upper half),
cvt.rz.f16x2.f32, cvt.rn.relu.f16x2.f32, cvt.rn.satfinite.f16x2.f32 (inf / huge -> max
finite), cvt.rn.bf16x2.f32, cvt.rz.relu.bf16x2.f32, cvt.rn.relu.satfinite.bf16x2.f32."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

N = 32


@T.function
def cvt_half2_relu_satfinite(X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
                             O: T.Tensor((N, 7), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    T.ptx.cvt.rn.f16x2.f32(u, X[i], Y[i])
    O[i, 0] = u
    T.ptx.cvt.rz.f16x2.f32(u, X[i], Y[i])
    O[i, 1] = u
    T.ptx.cvt.rn.relu.f16x2.f32(u, X[i], Y[i])
    O[i, 2] = u
    T.ptx.cvt.rn.satfinite.f16x2.f32(u, X[i], Y[i])
    O[i, 3] = u
    T.ptx.cvt.rn.bf16x2.f32(u, X[i], Y[i])
    O[i, 4] = u
    T.ptx.cvt.rz.relu.bf16x2.f32(u, X[i], Y[i])
    O[i, 5] = u
    T.ptx.cvt.rn.relu.satfinite.bf16x2.f32(u, X[i], Y[i])
    O[i, 6] = u


def _f16_rz(x):
    # truncate toward zero: pick the RN result and step toward zero if it overshot
    h = np.float16(x)
    if np.isinf(h) and np.isfinite(x):
        return np.float16(np.copysign(65504.0, x))
    if abs(float(h)) > abs(float(x)):
        b = np.array(h).view(np.uint16)
        h = np.array(b - np.uint16(1), np.uint16).view(np.float16)[()]
    return h


def _bf16_rz(x):
    b = np.array(x, np.float32).view(np.uint32)
    return np.array(b >> np.uint32(16), np.uint32).astype(np.uint16).view(ml_dtypes.bfloat16)[()]


def main():
    rng = np.random.default_rng(611)
    X = (rng.standard_normal(N) * 1000).astype(np.float32)
    Y = (rng.standard_normal(N) * 0.01).astype(np.float32)
    X[0], Y[0] = np.inf, -np.inf
    X[1], Y[1] = 1e6, -1e6
    X[2], Y[2] = -0.0, 0.0
    X[3], Y[3] = 65520.0, -65519.0        # RN: overflow to inf / round down to max
    X[4], Y[4] = 3.5e38, -3.4e38
    h16 = lambda h: int(np.array(h, np.float16).view(np.uint16))
    b16 = lambda h: int(np.array(h, ml_dtypes.bfloat16).view(np.uint16))
    pk = lambda hi, lo: (hi << 16) | lo
    relu = lambda v: v if not (v < 0 or (v == 0 and np.signbit(v))) else np.float32(0)
    MAXH = 65504.0
    O = np.zeros((N, 7), np.uint32)
    for k in range(N):
        x, y = X[k], Y[k]
        rn = lambda v: np.float16(v)
        sat = lambda v: np.float16(np.clip(v, -MAXH, MAXH)) if abs(float(np.float16(v))) == np.inf or abs(v) > MAXH else np.float16(v)
        bsat = lambda v: ml_dtypes.bfloat16(v) if np.isfinite(ml_dtypes.bfloat16(v)) else np.array(0x7F7F if v > 0 else 0xFF7F, np.uint16).view(ml_dtypes.bfloat16)[()]
        O[k] = [pk(h16(rn(x)), h16(rn(y))), pk(h16(_f16_rz(x)), h16(_f16_rz(y))),
                pk(h16(rn(relu(x))), h16(rn(relu(y)))), pk(h16(sat(x)), h16(sat(y))),
                pk(b16(ml_dtypes.bfloat16(x)), b16(ml_dtypes.bfloat16(y))),
                pk(b16(_bf16_rz(relu(x))), b16(_bf16_rz(relu(y)))),
                pk(b16(bsat(relu(x))), b16(bsat(relu(y))))]
    return {"X": X, "Y": Y, "O": np.zeros_like(O)}, {"O": O}
