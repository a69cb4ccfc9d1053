"""dp4a.s32.s32 / dp4a.u32.u32 and dp2a.lo / dp2a.hi: packed byte and
halfword dot products accumulated into 32 bits."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def ptx_dp(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"),
           C: T.Tensor((N,), "int32"), O: T.Tensor((N, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    d = T.local_scalar("int32")
    u = T.local_scalar("uint32")
    T.ptx.dp4a.s32.s32(d, A[i], B[i], C[i])
    O[i, 0] = d
    T.ptx.dp4a.u32.u32(u, T.reinterpret(A[i], ty="uint32"),
                       T.reinterpret(B[i], ty="uint32"),
                       T.reinterpret(C[i], ty="uint32"))
    O[i, 1] = T.reinterpret(u, ty="int32")
    T.ptx.dp2a.lo.s32.s32(d, A[i], B[i], C[i])
    O[i, 2] = d
    T.ptx.dp2a.hi.s32.s32(d, A[i], B[i], C[i])
    O[i, 3] = d


def main():
    rng = np.random.default_rng(24)
    A = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    B = rng.integers(-2**31, 2**31, N, dtype=np.int64).astype(np.int32)
    C = rng.integers(-2**20, 2**20, N).astype(np.int32)
    O = np.zeros((N, 4), np.int32)
    for k in range(N):
        sa, sb = A[k:k+1].view(np.int8).astype(np.int64), B[k:k+1].view(np.int8).astype(np.int64)
        ua, ub = A[k:k+1].view(np.uint8).astype(np.int64), B[k:k+1].view(np.uint8).astype(np.int64)
        a16 = A[k:k+1].view(np.int16).astype(np.int64)
        c = int(C[k])
        w = lambda x: np.int64(x & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
        O[k, 0] = w(int((sa * sb).sum()) + c)
        O[k, 1] = w(int((ua * ub).sum()) + (c & 0xFFFFFFFF))
        O[k, 2] = w(int((a16 * sb[:2]).sum()) + c)
        O[k, 3] = w(int((a16 * sb[2:]).sum()) + c)
    return {"A": A, "B": B, "C": C, "O": np.zeros_like(O)}, {"O": O}
