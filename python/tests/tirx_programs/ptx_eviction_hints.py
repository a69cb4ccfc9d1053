"""Eviction priorities, L2 prefetch sizes and cache policies on ld/st,
which change no result: ld.global.nc.L1::evict_last with .L2::cache_hint
and .L2::128B on a v2, ld.global.L1::evict_first.L2::256B,
st.global.L1::no_allocate.L2::cache_hint on a v4, createpolicy.cvt.L2
and createpolicy.fractional with a secondary priority and a register
fraction, whose bits are stored (the GPU's encoding: bits 56..63 0x10 |
primary << 1 | secondary, bits 52..55 ceil(16 f) - 1; evict_last 2,
evict_first 1), and prefetch.global.L2::evict_last."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def evict(A: T.Tensor((N, 4), "int32"), F: T.Tensor((N,), "float32"),
          O: T.Tensor((N, 4), "int32"), P: T.Tensor((N, 2), "int32"),
          Q: T.Tensor((N,), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    pol = T.local_scalar("uint64")
    rng = T.local_scalar("uint64")
    x0 = T.local_scalar("int32")
    x1 = T.local_scalar("int32")
    x2 = T.local_scalar("int32")
    x3 = T.local_scalar("int32")
    y0 = T.local_scalar("int32")
    y1 = T.local_scalar("int32")
    T.ptx.createpolicy.fractional.L2__evict_last.L2__evict_first.b64(pol, F[i])
    T.ptx.createpolicy.cvt.L2.b64(rng, pol)
    Q[i] = rng
    T.ptx.prefetch.global_.L2__evict_last(T.address_of(A[i, 0]))
    T.ptx.ld.global_.nc.L1__evict_last.L2__cache_hint.L2__128B.v2.s32(
        y0, y1, T.address_of(A[i, 2]), pol)
    T.ptx.ld.global_.L1__evict_first.L2__256B.v4.s32(
        x0, x1, x2, x3, T.address_of(A[(i + 1) % N, 0]))
    T.ptx.st.global_.L1__no_allocate.L2__cache_hint.v4.s32(
        T.address_of(O[i, 0]), x0, x1, x2, x3, rng)
    P[i, 0] = y0
    P[i, 1] = y1


def main():
    rng = np.random.default_rng(4821)
    A = rng.integers(-2**31, 2**31, (N, 4), dtype=np.int64).astype(np.int32)
    F = (rng.integers(1, 1025, N) / 1024).astype(np.float32)
    q = np.ceil(F.astype(np.float64) * 16).astype(np.uint64) - np.uint64(1)
    Q = (np.uint64(0x15) << np.uint64(56)) | (q << np.uint64(52))
    return ({"A": A, "F": F, "O": np.zeros((N, 4), np.int32),
             "P": np.zeros((N, 2), np.int32), "Q": np.zeros(N, np.uint64)},
            {"O": np.roll(A, -1, 0), "P": A[:, 2:4].copy(), "Q": Q})
