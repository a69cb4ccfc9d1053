"""Philox4x32-10 counter-based RNG (cuRAND's generator): mul.hi.u32 /
mul.lo.u32 rounds and the Weyl key schedule in @T.inline helpers returning
uint32 values (one calling another), the 4-word state in a local array
updated in place, float conversion by cvt.rn.f32.u32 and a uniform in (0, 1]
as curand_uniform does (x * 2^-32 + 2^-33), plus a bounded integer by
mul.hi (Lemire)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64
M0, M1 = 0xD2511F53, 0xCD9E8D57
W0, W1 = 0x9E3779B9, 0xBB67AE85


@T.inline
def mulhi(a: T.uint32, b: T.uint32) -> T.uint32:
    r = T.local_scalar("uint32")
    T.ptx.mul.hi.u32(r, a, b)
    return r


@T.inline
def hi_xor(a: T.uint32, b: T.uint32, c: T.uint32, k: T.uint32) -> T.uint32:
    return mulhi(a, b) ^ c ^ k


@T.function
def philox_uniform(seed_lo: T.uint32, seed_hi: T.uint32, bound: T.uint32,
                   U: T.Tensor((N, 4), "float32"), R: T.Tensor((N, 4), "uint32"),
                   B: T.Tensor((N, 4), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=N // 2))
    gid = T.cuda.block_idx("x") * (N // 2) + T.cuda.thread_idx("x")
    ctr = T.alloc_local((4,), "uint32")
    ctr[0] = T.cast(gid, "uint32")
    ctr[1] = T.uint32(0)
    ctr[2] = T.uint32(0xFFFFFFFF) - T.cast(gid, "uint32")
    ctr[3] = T.uint32(7)
    k0 = T.local_scalar("uint32")
    k1 = T.local_scalar("uint32")
    k0 = seed_lo
    k1 = seed_hi
    for r in T.unroll(10):
        lo0 = T.uint32(M0) * ctr[0]
        lo1 = T.uint32(M1) * ctr[2]
        n0 = hi_xor(T.uint32(M1), ctr[2], ctr[1], k0)
        n2 = hi_xor(T.uint32(M0), ctr[0], ctr[3], k1)
        ctr[0] = n0
        ctr[1] = lo1
        ctr[2] = n2
        ctr[3] = lo0
        k0 = k0 + T.uint32(W0)
        k1 = k1 + T.uint32(W1)
    for j in T.unroll(4):
        x = ctr[j]
        R[gid, j] = x
        f = T.local_scalar("float32")
        T.ptx.cvt.rn.f32.u32(f, x)
        U[gid, j] = f * T.float32(2.3283064365386963e-10) + T.float32(1.1641532182693481e-10)
        B[gid, j] = mulhi(x, bound)


def main():
    M = 0xFFFFFFFF
    seed_lo, seed_hi, bound = 0x12345678, 0xCAFEF00D, 1000003
    R = np.zeros((N, 4), np.uint32)
    for g in range(N):
        c = [g, 0, M - g, 7]
        k0, k1 = seed_lo, seed_hi
        for _ in range(10):
            p0 = M0 * c[0]
            p1 = M1 * c[2]
            c = [((p1 >> 32) ^ c[1] ^ k0) & M, p1 & M, ((p0 >> 32) ^ c[3] ^ k1) & M, p0 & M]
            k0 = (k0 + W0) & M
            k1 = (k1 + W1) & M
        R[g] = c
    F = R.astype(np.float32)  # round to nearest
    U = (F * np.float32(2.3283064365386963e-10)).astype(np.float32) + np.float32(1.1641532182693481e-10)
    # nvcc's fast-math build contracts x*a+b into one fma.rn: round once
    U = (R.astype(np.float32).astype(np.float64) * np.float64(np.float32(2.3283064365386963e-10))
         + np.float64(np.float32(1.1641532182693481e-10))).astype(np.float32)
    B = ((R.astype(np.uint64) * np.uint64(bound)) >> np.uint64(32)).astype(np.uint32)
    return ({"seed_lo": np.uint32(seed_lo), "seed_hi": np.uint32(seed_hi), "bound": np.uint32(bound),
             "U": np.zeros((N, 4), np.float32), "R": np.zeros_like(R), "B": np.zeros_like(R)},
            {"U": U, "R": R, "B": B})
