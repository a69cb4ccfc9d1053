"""cvt.pack.sat: cvt.pack.sat.s8.s32.b32 (two s32 -> two saturated s8 bytes
packed with c's low 16 bits on top) and cvt.pack.sat.u16.s32 (two s32 -> two u16 halves)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def packsat(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"), C: T.Tensor((N,), "uint32"),
            O: T.Tensor((N, 2), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    T.ptx.cvt_pack.sat.s8.s32.b32(u, A[i], B[i], C[i])
    O[i, 0] = u
    T.ptx.cvt_pack.sat.u16.s32(u, A[i], B[i])
    O[i, 1] = u


def main():
    rng = np.random.default_rng(425)
    A = rng.integers(-70000, 70000, N).astype(np.int32)
    B = rng.integers(-300, 300, N).astype(np.int32)
    C = rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    O = np.zeros((N, 2), np.uint32)
    for t in range(N):
        a8 = min(max(int(A[t]), -128), 127) & 0xFF
        b8 = min(max(int(B[t]), -128), 127) & 0xFF
        # PTX ISA: d[7:0] = b, d[15:8] = a, d[31:16] = c[15:0] (c's low bits)
        O[t, 0] = ((int(C[t]) & 0xFFFF) << 16) | (a8 << 8) | b8
        a16 = min(max(int(A[t]), 0), 65535)
        b16 = min(max(int(B[t]), 0), 65535)
        O[t, 1] = (a16 << 16) | b16
    return {"A": A, "B": B, "C": C, "O": np.zeros_like(O)}, {"O": O}
