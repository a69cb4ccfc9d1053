"""cvt.pack.sat with sub-byte and byte lanes: cvt.pack.sat.u4.s32.b32,
cvt.pack.sat.s4.s32.b32, cvt.pack.sat.u2.s32.b32, cvt.pack.sat.s2.s32.b32,
cvt.pack.sat.u8.s32.b32 and cvt.pack.sat.s16.s32 (a lands above b; c's low bits are
shifted up), chained so every lane of the word fills."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def cvt_pack_narrow_ints(A: T.Tensor((N, 8), "int32"), C: T.Tensor((N,), "uint32"),
                         O: T.Tensor((N, 6), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    T.ptx.cvt_pack.sat.u4.s32.b32(u, A[i, 0], A[i, 1], C[i])
    O[i, 0] = u
    T.ptx.cvt_pack.sat.s4.s32.b32(u, A[i, 2], A[i, 3], C[i])
    O[i, 1] = u
    T.ptx.cvt_pack.sat.u2.s32.b32(u, A[i, 4], A[i, 5], C[i])
    O[i, 2] = u
    T.ptx.cvt_pack.sat.s2.s32.b32(u, A[i, 6], A[i, 7], C[i])
    O[i, 3] = u
    T.ptx.cvt_pack.sat.u8.s32.b32(u, A[i, 0], A[i, 3], C[i])
    O[i, 4] = u
    T.ptx.cvt_pack.sat.s16.s32(u, A[i, 5], A[i, 6])
    O[i, 5] = u


def main():
    rng = np.random.default_rng(615)
    A = rng.integers(-40000, 40000, (N, 8)).astype(np.int32)
    A[:, :4] = rng.integers(-20, 20, (N, 4))
    A[:, 4:] = np.where(rng.random((N, 4)) < 0.5, rng.integers(-4, 5, (N, 4)), A[:, 4:])
    A[0, 5:7] = [40000, -40000]
    C = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    O = np.zeros((N, 6), np.uint32)
    M = 0xFFFFFFFF
    sat = lambda v, lo, hi: max(lo, min(hi, v))

    def pack(a, b, c, bits, signed):
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
        m = (1 << bits) - 1
        return (((c << (2 * bits)) | ((sat(a, lo, hi) & m) << bits) | (sat(b, lo, hi) & m))) & M

    for k in range(N):
        a = [int(v) for v in A[k]]
        c = int(C[k])
        O[k] = [pack(a[0], a[1], c, 4, False), pack(a[2], a[3], c, 4, True),
                pack(a[4], a[5], c, 2, False), pack(a[6], a[7], c, 2, True),
                pack(a[0], a[3], c, 8, False), pack(a[5], a[6], 0, 16, True)]
    return {"A": A, "C": C, "O": np.zeros_like(O)}, {"O": O}
