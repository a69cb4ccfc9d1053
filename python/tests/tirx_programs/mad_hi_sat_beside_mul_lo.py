"""mad.hi.sat.s32 next to mul.lo.s32 of the same a and b: ptxas 13.0 fuses
the two into one IMAD.WIDE and drops the saturation, so TIRx's kernel
gives the unsaturated high word; tile-mlir writes mad.hi.sat.s32 as
mul.hi.s32 then add.sat.s32 (the table's PtxasWorkaround)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def mad_hi_sat_beside_mul_lo(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
               C: T.Tensor((N,), "int32"), D: T.Tensor((N,), "int32"),
               E: T.Tensor((N,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    a = A[i]
    b = B[i]
    d = T.local_scalar("int32")
    e = T.local_scalar("int32")
    T.ptx.mad.hi.sat.s32(d, a, b, C[i])
    T.ptx.mul.lo.s32(e, a, b)
    D[i] = d
    E[i] = e


def main():
    rng = np.random.default_rng(5)
    A = rng.integers(-2**31, 2**31, N).astype(np.int32)
    B = rng.integers(-2**31, 2**31, N).astype(np.int32)
    C = rng.integers(-2**31, 2**31, N).astype(np.int32)
    A[0], B[0], C[0] = 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF
    A[1], B[1], C[1] = -2**31, 0x7FFFFFFF, -2**31
    D = np.zeros(N, np.int32)
    E = np.zeros(N, np.int32)
    for k in range(N):
        p = int(A[k]) * int(B[k])
        D[k] = max(-2**31, min(2**31 - 1, (p >> 32) + int(C[k])))
        E[k] = np.uint32(p & 0xFFFFFFFF).view(np.int32)
    return ({"A": A, "B": B, "C": C, "D": np.zeros(N, np.int32), "E": np.zeros(N, np.int32)},
            {"D": D, "E": E})
