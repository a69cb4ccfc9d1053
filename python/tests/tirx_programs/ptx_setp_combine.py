"""setp forms with two results and a combining predicate: setp.lt.and.s32
(p, q, a, b, c), setp.hs.or.u64, setp.hi.u32, setp.ne.s64, and setp.equ.f64, the results read through selp
on the .pred carriers; selp.s64 and selp.f64 chains."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def setpc(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int32"), L: T.Tensor((N,), "uint64"),
          F: T.Tensor((N,), "float64"), O: T.Tensor((N, 6), "uint32"), S: T.Tensor((N,), "int64"),
          D: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    p = T.local_scalar("uint32")
    q = T.local_scalar("uint32")
    c = T.local_scalar("uint32")
    r = T.local_scalar("uint32")
    w = T.local_scalar("int64")
    d = T.local_scalar("float64")
    T.ptx.setp.gt.s32(c, A[i], 0)
    T.ptx.setp.lt.and_.s32(p, q, A[i], B[i], T.ptx.pred(c))
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 0] = r
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(q))
    O[i, 1] = r
    T.ptx.setp.hs.or_.u64(p, L[i], T.uint64(1 << 63), T.ptx.pred(c))
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 2] = r
    T.ptx.setp.hi.u32(p, T.reinterpret(A[i], ty="uint32"), T.reinterpret(B[i], ty="uint32"))
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 3] = r
    T.ptx.setp.equ.f64(p, F[i], T.float64(0.5))
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 4] = r
    T.ptx.setp.ne.s64(p, T.reinterpret(L[i], ty="int64"), T.int64(0))
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 5] = r
    T.ptx.selp.s64(w, T.reinterpret(L[i], ty="int64"), T.int64(-7), T.ptx.pred(c))
    S[i] = w
    T.ptx.selp.f64(d, F[i], T.float64(-1.25), T.ptx.pred(q))
    D[i] = d


def main():
    rng = np.random.default_rng(481)
    A = rng.integers(-50, 50, N).astype(np.int32)
    B = rng.integers(-50, 50, N).astype(np.int32)
    L = rng.integers(0, 2**64, N, dtype=np.uint64)
    L[:4] = 0
    F = rng.choice([0.5, 1.0, -3.0, np.nan], N)
    c = A > 0
    lt = A < B
    O = np.zeros((N, 6), np.uint32)
    O[:, 0] = lt & c
    O[:, 1] = ~lt & c
    O[:, 2] = (L >= np.uint64(1 << 63)) | c
    O[:, 3] = A.view(np.uint32) > B.view(np.uint32)
    O[:, 4] = (F == 0.5) | np.isnan(F)
    O[:, 5] = L != 0
    S = np.where(c, L.view(np.int64), -7).astype(np.int64)
    D = np.where(~lt & c, F, -1.25)
    return ({"A": A, "B": B, "L": L, "F": F, "O": np.zeros_like(O), "S": np.zeros(N, np.int64),
             "D": np.zeros(N)}, {"O": O, "S": S, "D": D})
