"""float64 PTX chains: add.rz.f64, mul.rm.f64, fma.rn.f64, div.rn.f64,
sqrt.rn.f64, min/max.f64, abs/neg.f64, testp.infinite.f64, cvt.rni.f64.f64
(round to integral), cvt.rzi.s64.f64, cvt.rn.f64.s64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def f64ops(A: T.Tensor((N,), "float64"), B: T.Tensor((N,), "float64"),
           O: T.Tensor((N, 9), "float64"), I: T.Tensor((N, 2), "int64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    d = T.local_scalar("float64")
    l = T.local_scalar("int64")
    p = T.local_scalar("uint32")
    a = A[i]
    b = B[i]
    T.ptx.add.rz.f64(d, a, b)
    O[i, 0] = d
    T.ptx.mul.rm.f64(d, a, b)
    O[i, 1] = d
    T.ptx.fma.rn.f64(d, a, b, a)
    O[i, 2] = d
    T.ptx.div.rn.f64(d, a, b)
    O[i, 3] = d
    T.ptx.sqrt.rn.f64(d, T.abs(a))
    O[i, 4] = d
    T.ptx.min.f64(d, a, b)
    O[i, 5] = d
    T.ptx.neg.f64(d, a)
    O[i, 6] = d
    T.ptx.cvt.rni.f64.f64(d, a * T.float64(1000))
    O[i, 7] = d
    T.ptx.testp.infinite.f64(p, a * T.float64(1e300))
    O[i, 8] = T.cast(p, "float64")
    T.ptx.cvt.rzi.s64.f64(l, a * T.float64(1e12))
    I[i, 0] = l
    T.ptx.cvt.rn.f64.s64(d, l * T.int64(1024) + T.int64(1))
    I[i, 1] = T.reinterpret(d, ty="int64")


def main():
    import math
    from fractions import Fraction as Fr
    rng = np.random.default_rng(421)
    A = rng.standard_normal(N) * 10
    B = rng.standard_normal(N) * 10
    O = np.zeros((N, 9))
    I = np.zeros((N, 2), np.int64)

    def rnd(fr, mode):
        # fr: exact Fraction -> float64 rounded by mode ('rz', 'rm')
        x = float(fr)  # round-to-nearest
        if Fr(x) == fr:
            return x
        if mode == "rz":
            return x if abs(Fr(x)) < abs(fr) else math.nextafter(x, 0.0)
        if mode == "rm":
            return x if Fr(x) < fr else math.nextafter(x, -math.inf)
    for t in range(N):
        a, b = float(A[t]), float(B[t])
        O[t, 0] = rnd(Fr(a) + Fr(b), "rz")
        O[t, 1] = rnd(Fr(a) * Fr(b), "rm")
        O[t, 2] = float(Fr(a) * Fr(b) + Fr(a))
        O[t, 3] = a / b
        O[t, 4] = math.sqrt(abs(a))
        O[t, 5] = min(a, b)
        O[t, 6] = -a
        O[t, 7] = np.rint(a * 1000)
        O[t, 8] = 1.0 if math.isinf(a * 1e300) else 0.0
        l = int(a * 1e12)  # trunc toward zero
        I[t, 0] = l
        I[t, 1] = np.float64(float(Fr(l * 1024 + 1))).view(np.int64)
    return {"A": A, "B": B, "O": np.zeros_like(O), "I": np.zeros_like(I)}, {"O": O, "I": I}
