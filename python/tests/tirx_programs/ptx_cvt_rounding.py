"""cvt with rounding modes: cvt.rni/rzi/rmi/rpi.s32.f32, cvt.sat.u8? no:
cvt.rni.sat.s8? PTX: cvt.rni.s32.f32 family, cvt.rn.f16.f32 into a float16
local, cvt.f32.f16 back, cvt.rz.f32.f64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def ptx_cvt(X: T.Tensor((N,), "float32"), D: T.Tensor((N,), "float64"),
            O: T.Tensor((N, 4), "int32"), H: T.Tensor((N,), "float16"),
            F: T.Tensor((N, 2), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    s = T.local_scalar("int32")
    h = T.local_scalar("float16")
    f = T.local_scalar("float32")
    T.ptx.cvt.rni.s32.f32(s, X[i])
    O[i, 0] = s
    T.ptx.cvt.rzi.s32.f32(s, X[i])
    O[i, 1] = s
    T.ptx.cvt.rmi.s32.f32(s, X[i])
    O[i, 2] = s
    T.ptx.cvt.rpi.s32.f32(s, X[i])
    O[i, 3] = s
    T.ptx.cvt.rn.f16.f32(h, X[i])
    H[i] = h
    T.ptx.cvt.f32.f16(f, h)
    F[i, 0] = f
    T.ptx.cvt.rz.f32.f64(f, D[i])
    F[i, 1] = f


def main():
    rng = np.random.default_rng(15)
    X = (rng.standard_normal(N) * 10).astype(np.float32)
    X[:6] = [0.5, 1.5, -0.5, -2.5, 2.5, 3.0]
    D = rng.standard_normal(N) * 1e3
    D[0] = 1.0 + 2.0**-30
    D[1] = -(1.0 + 2.0**-30)
    O = np.zeros((N, 4), np.int32)
    O[:, 0] = np.rint(X)
    O[:, 1] = np.trunc(X)
    O[:, 2] = np.floor(X)
    O[:, 3] = np.ceil(X)
    H = X.astype(np.float16)
    F = np.zeros((N, 2), np.float32)
    F[:, 0] = H.astype(np.float32)
    # Round toward zero: float32(d) then step back toward zero if it grew.
    r = D.astype(np.float32)
    grew = np.abs(r.astype(np.float64)) > np.abs(D)
    r = np.where(grew, np.nextafter(r, np.float32(0)), r)
    F[:, 1] = r
    return ({"X": X, "D": D, "O": np.zeros_like(O), "H": np.zeros_like(H),
             "F": np.zeros_like(F)}, {"O": O, "H": H, "F": F})
