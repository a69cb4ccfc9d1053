"""64-bit Montgomery multiplication (NTT-style modular arithmetic) in
@T.inline helpers that call each other and return uint64 values: mul.lo/hi.u64,
a 128-bit add with the carry from setp.lt.u64 + selp, conditional subtract,
mad.lo.u64; a square-and-multiply modular exponent over the bits of a uint64
exponent (`T.serial(64)` with an early-out `break` when the rest is 0)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
P = 0xFFFFFFFF00000001          # Goldilocks prime
PINV = 0xFFFFFFFEFFFFFFFF        # -P^-1 mod 2^64
R2 = 0xFFFFFFFE00000001          # 2^128 mod P


@T.inline
def mul_wide(a: T.uint64, b: T.uint64, lo, hi):
    T.ptx.mul.lo.u64(lo, a, b)
    T.ptx.mul.hi.u64(hi, a, b)


@T.inline
def redc(lo: T.uint64, hi: T.uint64) -> T.uint64:
    m = T.local_scalar("uint64")
    T.ptx.mul.lo.u64(m, lo, T.uint64(PINV))
    mlo = T.local_scalar("uint64")
    mhi = T.local_scalar("uint64")
    mul_wide(m, T.uint64(P), mlo, mhi)
    s = lo + mlo
    c = T.local_scalar("uint64")
    T.ptx.selp.u64(c, T.uint64(1), T.uint64(0), s < lo)
    t = T.local_scalar("uint64")
    t = hi + mhi
    c2 = T.Select(t < hi, T.uint64(1), T.uint64(0))
    t = t + c
    c2 = c2 + T.Select(t < c, T.uint64(1), T.uint64(0))
    return T.Select((c2 != T.uint64(0)) or (t >= T.uint64(P)), t - T.uint64(P), t)


@T.inline
def mont_mul(a: T.uint64, b: T.uint64) -> T.uint64:
    lo = T.local_scalar("uint64")
    hi = T.local_scalar("uint64")
    mul_wide(a, b, lo, hi)
    return redc(lo, hi)


@T.function
def montgomery_u64(A: T.Tensor((N,), "uint64"), B: T.Tensor((N,), "uint64"),
                   E: T.Tensor((N,), "uint64"), O: T.Tensor((N, 3), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    am = mont_mul(A[i], T.uint64(R2))
    bm = mont_mul(B[i], T.uint64(R2))
    pm = mont_mul(am, bm)
    O[i, 0] = mont_mul(pm, T.uint64(1))
    acc = T.local_scalar("uint64")
    T.ptx.mad.lo.u64(acc, A[i], B[i], E[i])
    O[i, 1] = acc
    r = T.local_scalar("uint64")
    base = T.local_scalar("uint64")
    e = T.local_scalar("uint64")
    r = mont_mul(T.uint64(1), T.uint64(R2))
    base = am
    e = E[i]
    for k in T.serial(64):
        if e == T.uint64(0):
            break
        if (e & T.uint64(1)) != T.uint64(0):
            r = mont_mul(r, base)
        base = mont_mul(base, base)
        e = e >> T.uint64(1)
    O[i, 2] = mont_mul(r, T.uint64(1))


def main():
    rng = np.random.default_rng(9005)
    A = rng.integers(0, P, N, dtype=np.uint64)
    B = rng.integers(0, P, N, dtype=np.uint64)
    E = rng.integers(0, 2 ** 64 - 1, N, dtype=np.uint64) >> rng.integers(0, 64, N).astype(np.uint64)
    A[0], B[0], E[0] = P - 1, P - 1, 0
    A[1], B[1], E[1] = 0, 12345, 1
    A[2], B[2], E[2] = 2, P - 2, 2 ** 64 - 1
    O = np.zeros((N, 3), np.uint64)
    M = 2 ** 64
    for k in range(N):
        a, b, e = int(A[k]), int(B[k]), int(E[k])
        O[k] = [a * b % P, (a * b + e) % M, pow(a, e, P)]
    return {"A": A, "B": B, "E": E, "O": np.zeros_like(O)}, {"O": O}
