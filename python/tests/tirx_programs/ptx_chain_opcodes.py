"""Control for ptx_string_opcodes: the same opcodes as attribute chains: sad.u32, mul.lo.u32, rem.s32,
div.s32, and.b32, xor.b32, not.b32, shl.b32, shr.s32, cnot.b32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ptx_chain(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
             O: T.Tensor((N, 9), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    d = T.local_scalar("int32")
    u = T.local_scalar("uint32")
    T.ptx.sad.s32(d, A[i], B[i], T.int32(3))
    O[i, 0] = d
    T.ptx.mul.lo.s32(d, A[i], B[i])
    O[i, 1] = d
    T.ptx.rem.s32(d, A[i], B[i])
    O[i, 2] = d
    T.ptx.div.s32(d, A[i], B[i])
    O[i, 3] = d
    T.ptx.and_.b32(d, A[i], B[i])
    O[i, 4] = d
    T.ptx.xor.b32(d, A[i], B[i])
    O[i, 5] = d
    T.ptx.not_.b32(d, A[i])
    O[i, 6] = d
    T.ptx.shr.s32(d, A[i], T.uint32(3))
    O[i, 7] = d
    T.ptx.cnot.b32(d, A[i])
    O[i, 8] = d


def main():
    rng = np.random.default_rng(23)
    A = rng.integers(-1000, 1000, N).astype(np.int32)
    B = rng.integers(-50, 50, N).astype(np.int32)
    B[B == 0] = 7
    A[0] = 0
    a, b = A.astype(np.int64), B.astype(np.int64)
    q = np.trunc(a / b).astype(np.int64)
    O = np.stack([np.abs(a - b) + 3, a * b, a - q * b, q, a & b, a ^ b, ~a,
                  a >> 3, (a == 0).astype(np.int64)], 1).astype(np.int32)
    return {"A": A, "B": B, "O": np.zeros_like(O)}, {"O": O}
