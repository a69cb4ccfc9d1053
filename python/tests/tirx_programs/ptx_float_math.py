"""Float PTX chains: div.rn.f32, sqrt.rn.f32, rcp.rn.f32, rcp.rn.f64,
copysign.f32, and the approximate unit on exactly representable cases
(ex2.approx.ftz.f32 of integers, lg2.approx.f32 of powers of two,
rcp.approx.ftz.f64 skipped)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ptx_fmath(X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
              D: T.Tensor((N,), "float64"), K: T.Tensor((N,), "float32"),
              O: T.Tensor((N, 6), "float32"), P: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    f = T.local_scalar("float32")
    d = T.local_scalar("float64")
    T.ptx.div.rn.f32(f, X[i], Y[i])
    O[i, 0] = f
    T.ptx.sqrt.rn.f32(f, T.abs(X[i]))
    O[i, 1] = f
    T.ptx.rcp.rn.f32(f, Y[i])
    O[i, 2] = f
    T.ptx.copysign.f32(f, Y[i], X[i])
    O[i, 3] = f
    T.ptx.ex2.approx.ftz.f32(f, K[i])
    O[i, 4] = f
    T.ptx.lg2.approx.f32(f, T.float32(8))
    O[i, 5] = f
    T.ptx.rcp.rn.f64(d, D[i])
    P[i] = d


def main():
    rng = np.random.default_rng(51)
    X = rng.standard_normal(N).astype(np.float32)
    Y = rng.standard_normal(N).astype(np.float32)
    D = rng.standard_normal(N)
    K = rng.integers(-20, 20, N).astype(np.float32)
    O = np.zeros((N, 6), np.float32)
    O[:, 0] = X / Y
    O[:, 1] = np.sqrt(np.abs(X))
    O[:, 2] = np.float32(1) / Y
    O[:, 3] = np.copysign(X, Y)  # PTX copysign d, a, b: |b| with a's sign
    O[:, 4] = np.exp2(K)
    O[:, 5] = 3.0
    return ({"X": X, "Y": Y, "D": D, "K": K, "O": np.zeros_like(O), "P": np.zeros(N)},
            {"O": O, "P": 1.0 / D})
