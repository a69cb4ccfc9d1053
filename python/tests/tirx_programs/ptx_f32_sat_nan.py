"""float32 PTX chains with .sat and NaN-aware forms: add.sat.f32, mul.sat.f32,
fma.rn.sat.f32, cvt.sat.f32.f32 (clamp to [0,1], NaN -> 0), min.NaN.f32,
max.NaN.f32, max.xorsign.abs.f32 (finite inputs), min.f32 (NaN ignored); no zero inputs."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def satnan(A: T.Tensor((N,), "float32"), B: T.Tensor((N,), "float32"),
           C: T.Tensor((N,), "float32"), D: T.Tensor((N,), "float32"), O: T.Tensor((N, 8), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    f = T.local_scalar("float32")
    a = A[i]
    b = B[i]
    T.ptx.add.sat.f32(f, a, b)
    O[i, 0] = f
    T.ptx.mul.sat.f32(f, a, b)
    O[i, 1] = f
    T.ptx.fma.rn.sat.f32(f, a, b, T.float32(0.25))
    O[i, 2] = f
    T.ptx.cvt.sat.f32.f32(f, a)
    O[i, 3] = f
    T.ptx.min.NaN.f32(f, a, b)
    O[i, 4] = f
    T.ptx.max.NaN.f32(f, a, b)
    O[i, 5] = f
    T.ptx.max.xorsign.abs.f32(f, C[i], D[i])
    O[i, 6] = f
    T.ptx.min.f32(f, a, b)
    O[i, 7] = f


def main():
    rng = np.random.default_rng(422)
    nz = np.array([k for k in range(-16, 24) if k != 0])
    A = (rng.choice(nz, N) / 8).astype(np.float32)
    B = (rng.choice(nz, N) / 8).astype(np.float32)
    C = (rng.choice(nz, N) / 8).astype(np.float32)
    D = (rng.choice(nz, N) / 8).astype(np.float32)
    A[0] = np.nan; B[1] = np.nan; A[2] = np.inf; B[3] = -np.inf; C[5] = np.inf
    O = np.zeros((N, 8), np.float32)
    cnan = np.uint32(0x7FFFFFFF).view(np.float32)

    def sat(x):
        return np.float32(0.0) if np.isnan(x) else np.float32(min(max(x, 0.0), 1.0))
    for t in range(N):
        a, b = A[t], B[t]
        O[t, 0] = sat(np.float32(a + b))
        O[t, 1] = sat(np.float32(a * b))
        O[t, 2] = sat(np.float32(np.float64(a) * np.float64(b) + 0.25))
        O[t, 3] = sat(a)
        if np.isnan(a) or np.isnan(b):
            O[t, 4] = O[t, 5] = cnan
        else:
            O[t, 4] = min(a, b)
            O[t, 5] = max(a, b)
        c, d = C[t], D[t]
        m = max(abs(c), abs(d))
        sign = np.signbit(c) ^ np.signbit(d)
        O[t, 6] = -m if sign else m
        O[t, 7] = np.fmin(a, b)
    return {"A": A, "B": B, "C": C, "D": D, "O": np.zeros_like(O)}, {"O": O}
