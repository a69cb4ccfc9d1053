"""Flush-to-zero forms on subnormal float32: add.ftz.f32, mul.ftz.f32,
fma.rn.ftz.f32, min.ftz.f32 (subnormal inputs and results flush to sign-
preserving zero), against the plain forms that keep them."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ftz(X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
        O: T.Tensor((N, 6), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    f = T.local_scalar("float32")
    T.ptx.add.ftz.f32(f, X[i], Y[i])
    O[i, 0] = f
    T.ptx.add.f32(f, X[i], Y[i])
    O[i, 1] = f
    T.ptx.mul.ftz.f32(f, X[i], T.float32(0.5))
    O[i, 2] = f
    T.ptx.mul.rn.f32(f, X[i], T.float32(0.5))
    O[i, 3] = f
    T.ptx.fma.rn.ftz.f32(f, X[i], T.float32(3), Y[i])
    O[i, 4] = f
    T.ptx.min.ftz.f32(f, X[i], Y[i])
    O[i, 5] = f


def main():
    rng = np.random.default_rng(83)
    tiny = np.float32(2.0**-126)
    X = (rng.integers(-2**22, 2**22, N).astype(np.float64) * 2.0**-149).astype(np.float32)
    Y = (rng.integers(-2**22, 2**22, N).astype(np.float64) * 2.0**-149).astype(np.float32)
    X[0], Y[0] = tiny, -tiny * np.float32(0.5)
    X[1], Y[1] = np.float32(2.0**-125), np.float32(0)
    def fz(v):
        v = np.asarray(v, np.float32).copy()
        sub = (v != 0) & (np.abs(v) < tiny)
        v[sub] = np.copysign(np.float32(0), v[sub])
        return v
    x, y = fz(X), fz(Y)
    O = np.zeros((N, 6), np.float32)
    O[:, 0] = fz(x + y)
    O[:, 1] = X + Y
    O[:, 2] = fz(x * np.float32(0.5))
    O[:, 3] = X * np.float32(0.5)
    O[:, 4] = fz((x.astype(np.float64) * 3 + y).astype(np.float32))
    O[:, 5] = np.minimum(x, y)
    both0 = (x == 0) & (y == 0)
    O[both0, 5] = np.where(np.signbit(x[both0]) | np.signbit(y[both0]), np.float32(-0.0), np.float32(0.0))
    return {"X": X, "Y": Y, "O": np.zeros_like(O)}, {"O": O}
