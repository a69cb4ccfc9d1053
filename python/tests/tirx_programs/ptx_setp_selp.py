"""setp into a bool local and selp.b32 / selp.f32 choosing by it; setp.ne
of floats with a NaN (unordered compare gives true)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ptx_setp(A: T.Tensor((N,), "int32"), X: T.Tensor((N,), "float32"),
             O: T.Tensor((N,), "int32"), F: T.Tensor((N,), "float32"),
             P: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    p = T.local_scalar("uint32")
    q = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    f = T.local_scalar("float32")
    T.ptx.setp.lt.s32(p, A[i], T.int32(0))
    T.ptx.selp.b32(s, T.int32(-7), A[i], T.ptx.pred(p))
    O[i] = s
    T.ptx.setp.gtu.f32(q, X[i], T.float32(0.5))
    T.ptx.selp.f32(f, X[i], T.float32(0), q != T.uint32(0))
    F[i] = f
    P[i] = T.cast(q, "int32")


def main():
    rng = np.random.default_rng(14)
    A = rng.integers(-100, 100, N).astype(np.int32)
    X = rng.standard_normal(N).astype(np.float32)
    X[0] = np.nan
    X[1] = 0.5
    q = np.isnan(X) | (X > 0.5)
    return ({"A": A, "X": X, "O": np.zeros(N, np.int32),
             "F": np.zeros(N, np.float32), "P": np.zeros(N, np.int32)},
            {"O": np.where(A < 0, -7, A).astype(np.int32),
             "F": np.where(q, X, 0).astype(np.float32),
             "P": q.astype(np.int32)})
