"""atom.global.add.f32 / f64 and red.global.add.f64 with integer-valued
operands (every partial sum exact, so order cannot matter), plus
T.cuda.atomic_add on float64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def atom_float(X: T.Tensor((N,), "float32"), D: T.Tensor((N,), "float64"),
               S: T.Tensor((4,), "float64"), F: T.Tensor((1,), "float32"), OldF: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    f = T.local_scalar("float32")
    d = T.local_scalar("float64")
    T.ptx.atom.global_.add.f32(f, T.address_of(F[0]), X[i])
    OldF[i] = T.float32(0) if f == f else f
    T.ptx.atom.global_.add.f64(d, T.address_of(S[0]), D[i])
    T.ptx.red.global_.add.f64(T.address_of(S[1]), D[i] * T.float64(2))
    T.cuda.atomic_add(T.address_of(S[2]), D[i] - T.float64(1))


def main():
    rng = np.random.default_rng(403)
    X = rng.integers(-1000, 1000, N).astype(np.float32)
    D = rng.integers(-10**9, 10**9, N).astype(np.float64)
    S = np.zeros(4, np.float64)
    S[0] = D.sum(); S[1] = (D * 2).sum(); S[2] = (D - 1).sum()
    return ({"X": X, "D": D, "S": np.zeros(4), "F": np.zeros(1, np.float32), "OldF": np.ones(N, np.float32)},
            {"S": S, "F": np.array([X.sum()], np.float32),
             "OldF": np.zeros(N, np.float32)})
