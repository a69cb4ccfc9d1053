"""float64 -> narrow and wide integer casts and back, as CUDA C prints
them ((int64_t)d, (uint64_t)d, (int)d, (unsigned)d, (short)d via int,
(double)u64), over in-range values with fractions (truncation toward
zero), negatives to unsigned within int range, and large uint64 to
double (round to nearest even)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def f64i(D: T.Tensor((N,), "float64"), U: T.Tensor((N,), "uint64"), L: T.Tensor((N,), "int64"),
         I: T.Tensor((N,), "int32"), S: T.Tensor((N,), "int16"), B: T.Tensor((N,), "float64"),
         F: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    d = D[i]
    L[i] = T.cast(d, "int64")
    I[i] = T.cast(d, "int32")
    S[i] = T.cast(T.cast(d, "int32"), "int16")
    B[i] = T.cast(U[i], "float64")
    F[i] = T.cast(U[i], "float32")


def main():
    rng = np.random.default_rng(1121)
    D = rng.uniform(-2e9, 2e9, N); D[:6] = [-0.99, 0.99, -2147483648.5, 2147483647.9, 1e-300, -65536.75]
    U = rng.integers(0, 2**64, N, dtype=np.uint64); U[:4] = [2**64 - 1, 2**53 + 1, 2**63 + 2**10 + 1, 0]
    L = np.trunc(D).astype(np.int64)
    I = np.trunc(D).astype(np.int64).astype(np.int32)
    S = I.astype(np.int16)
    B = np.array([float(int(u)) for u in U])  # Python int -> float rounds to nearest even
    from fractions import Fraction
    # uint64 -> float32 directly (cvt.rn.f32.u64): round the exact integer once
    F = np.array([np.float32(0) for _ in U])
    for k, u in enumerate(U):
        u = int(u)
        if u == 0:
            continue
        e = u.bit_length() - 24
        if e <= 0:
            F[k] = np.float32(u); continue
        q, r = divmod(u, 1 << e)
        half = 1 << (e - 1)
        if r > half or (r == half and q % 2 == 1):
            q += 1
        F[k] = np.float32(float(q * (1 << e)))
    return ({"D": D, "U": U, "L": np.zeros(N, np.int64), "I": np.zeros(N, np.int32), "S": np.zeros(N, np.int16),
             "B": np.zeros(N), "F": np.zeros(N, np.float32)}, {"L": L, "I": I, "S": S, "B": B, "F": F})
