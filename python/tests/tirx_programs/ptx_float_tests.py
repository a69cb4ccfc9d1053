"""Float tests and predicate-producing forms: testp.finite.f32,
testp.subnormal.f32, set.lt.u32.f32 (all-ones mask), slct.s32.f32 (select by
the sign of a float), copysign via PTX on f64, and setp.num.f32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ftests(X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
           A: T.Tensor((N,), "int32"), O: T.Tensor((N, 5), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    p = T.local_scalar("uint32")
    u = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    T.ptx.testp.finite.f32(p, X[i])
    O[i, 0] = p
    T.ptx.testp.subnormal.f32(p, X[i])
    O[i, 1] = p
    T.ptx.set.lt.u32.f32(u, X[i], Y[i])
    O[i, 2] = u
    T.ptx.slct.s32.f32(s, A[i], -A[i], Y[i])
    O[i, 3] = T.reinterpret(s, ty="uint32")
    T.ptx.setp.num.f32(p, X[i], Y[i])
    O[i, 4] = p


def main():
    rng = np.random.default_rng(84)
    X = rng.standard_normal(N).astype(np.float32)
    Y = rng.standard_normal(N).astype(np.float32)
    X[:4] = [np.inf, np.nan, np.float32(1e-40), -np.inf]
    Y[4] = np.nan
    Y[5] = -0.0
    A = rng.integers(-100, 100, N).astype(np.int32)
    sub = (X != 0) & (np.abs(X) < np.float32(2.0**-126))
    O = np.zeros((N, 5), np.uint32)
    O[:, 0] = np.isfinite(X)
    O[:, 1] = sub
    O[:, 2] = np.where(X < Y, 0xFFFFFFFF, 0)
    # slct: d = (c >= 0) ? a : b; -0.0 >= 0 is true.
    O[:, 3] = np.where(Y >= 0, A, -A).astype(np.int32).view(np.uint32)
    O[:, 4] = ~np.isnan(X) & ~np.isnan(Y)
    return {"X": X, "Y": Y, "A": A, "O": np.zeros_like(O)}, {"O": O}
