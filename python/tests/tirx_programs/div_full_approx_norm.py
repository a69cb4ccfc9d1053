"""Row normalisation written the fast way: div.full.f32 and div.approx.f32 /
div.approx.ftz.f32 by a row norm from sqrt.approx.f32, rcp.approx.f32 (no
.ftz) of the norm, rsqrt.approx.f32 and C's `/` on float32 (nvcc's
--use_fast_math build). The ISA bounds them at 2 ulp (div), 1 ulp (rcp), and
relative 2^-23 / 2^-22.9 (sqrt / rsqrt); the test allows ULP = 3 on results
computed from the same f32 norm (divisors in [2^-126, 2^126])."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
M = 8
ULP = 3


@T.function
def div_full_approx_norm(X: T.Tensor((N, M), "float32"), Y: T.Tensor((N, M, 4), "float32"),
                         R: T.Tensor((N, 3), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    ss = T.local_scalar("float32")
    ss = T.float32(0)
    for j in T.unroll(M):
        T.ptx.fma.rn.f32(ss, X[t, j], X[t, j], ss)
    nrm = T.local_scalar("float32")
    T.ptx.sqrt.approx.f32(nrm, ss)
    R[t, 0] = nrm
    inv = T.local_scalar("float32")
    T.ptx.rcp.approx.f32(inv, nrm)
    R[t, 1] = inv
    T.ptx.rsqrt.approx.f32(inv, ss)
    R[t, 2] = inv
    q = T.local_scalar("float32")
    for j in T.unroll(M):
        T.ptx.div.full.f32(q, X[t, j], nrm)
        Y[t, j, 0] = q
        T.ptx.div.approx.f32(q, X[t, j], nrm)
        Y[t, j, 1] = q
        T.ptx.div.approx.ftz.f32(q, X[t, j], nrm)
        Y[t, j, 2] = q
        Y[t, j, 3] = X[t, j] / nrm


def main():
    rng = np.random.default_rng(9016)
    X = (rng.standard_normal((N, M)) * np.exp2(rng.integers(-30, 30, (N, 1)))).astype(np.float32)
    ss = np.zeros(N, np.float32)
    for j in range(M):   # fma.rn chain, rounded once per step
        ss = (X[:, j].astype(np.float64) ** 2 + ss.astype(np.float64)).astype(np.float32)
    nrm = np.sqrt(ss.astype(np.float64)).astype(np.float32)
    R = np.stack([nrm, (1.0 / nrm.astype(np.float64)).astype(np.float32),
                  (1.0 / np.sqrt(ss.astype(np.float64))).astype(np.float32)], 1)
    q = (X.astype(np.float64) / nrm.astype(np.float64)[:, None]).astype(np.float32)
    Y = np.repeat(q[:, :, None], 4, axis=2)
    return {"X": X, "Y": np.zeros_like(Y), "R": np.zeros_like(R)}, {"Y": Y, "R": R}
