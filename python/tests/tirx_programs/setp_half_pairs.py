"""Half-precision compares: setp.lt.f16, setp.equ.bf16, setp.ge.f16x2 p|q (p = low
halves, q = high halves), setp.nan.or.bf16x2 p|q with a combining predicate,
set.lt.f16x2.f16x2 (1.0 per half), set.eq.u32.f16x2 (all ones per half),
set.gtu.f16.f32 and set.le.bf16x2.bf16x2."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

N = 32


@T.function
def setp_half_pairs(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                    X: T.Tensor((N,), "float32"), O: T.Tensor((N, 11), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    p = T.local_scalar("uint32")
    q = T.local_scalar("uint32")
    c = T.local_scalar("uint32")
    r = T.local_scalar("uint32")
    h = T.local_scalar("uint16")
    lo = lambda x: T.cast(x & T.uint32(0xFFFF), "uint16")
    T.ptx.setp.lt.f16(p, lo(A[i]), lo(B[i]))
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 0] = r
    T.ptx.setp.equ.bf16(p, lo(A[i]), lo(B[i]))
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 1] = r
    T.ptx.setp.ge.f16x2(p, q, A[i], B[i])
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 2] = r
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(q))
    O[i, 3] = r
    T.ptx.setp.lo.u32(c, T.cast(i, "uint32") % T.uint32(4), T.uint32(2))
    T.ptx.setp.nan.or_.bf16x2(p, q, A[i], B[i], T.ptx.pred(c))
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 4] = r
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(q))
    O[i, 5] = r
    T.ptx.set.lt.f16x2.f16x2(r, A[i], B[i])
    O[i, 6] = r
    T.ptx.set.eq.u32.f16x2(r, A[i], B[i])
    O[i, 7] = r
    T.ptx.set.gtu.f16.f32(h, X[i], T.float32(0.5))
    O[i, 8] = T.cast(h, "uint32")
    T.ptx.set.le.bf16x2.bf16x2(r, A[i], B[i])
    O[i, 9] = r
    T.ptx.set.ne.and_.f16x2.f16x2(r, A[i], B[i], T.ptx.pred(c))
    O[i, 10] = r


def main():
    rng = np.random.default_rng(619)
    choice = np.array([np.nan, -2.0, -0.0, 0.0, 1.0, 2.0, np.inf], np.float16)
    ha = rng.choice(choice, (N, 2)).astype(np.float16)
    hb = rng.choice(choice, (N, 2)).astype(np.float16)
    u = lambda h: h.view(np.uint16).astype(np.uint32)
    A = u(ha[:, 0]) | (u(ha[:, 1]) << 16)
    B = u(hb[:, 0]) | (u(hb[:, 1]) << 16)
    X = rng.choice([np.nan, 0.25, 0.5, 0.75], N).astype(np.float32)
    dec16 = lambda b: float(np.array(b, np.uint16).view(np.float16))
    decbf = lambda b: float(np.array(b, np.uint16).view(ml_dtypes.bfloat16))
    H1, B1 = 0x3C00, 0x3F80
    O = np.zeros((N, 11), np.uint32)
    for k in range(N):
        la = [(int(A[k]) >> (16 * j)) & 0xFFFF for j in range(2)]
        lb = [(int(B[k]) >> (16 * j)) & 0xFFFF for j in range(2)]
        f = [(dec16(la[j]), dec16(lb[j])) for j in range(2)]
        g = [(decbf(la[j]), decbf(lb[j])) for j in range(2)]
        isn = lambda t: np.isnan(t[0]) or np.isnan(t[1])
        c = (k % 4) < 2
        x = float(X[k])
        O[k] = [f[0][0] < f[0][1], isn(g[0]) or g[0][0] == g[0][1],
                f[0][0] >= f[0][1], f[1][0] >= f[1][1],
                isn(g[0]) or c, isn(g[1]) or c,
                sum((H1 if f[j][0] < f[j][1] else 0) << (16 * j) for j in range(2)),
                sum((0xFFFF if f[j][0] == f[j][1] else 0) << (16 * j) for j in range(2)),
                H1 if (np.isnan(x) or x > 0.5) else 0,
                sum((B1 if g[j][0] <= g[j][1] else 0) << (16 * j) for j in range(2)),
                sum((H1 if ((not isn(f[j])) and f[j][0] != f[j][1] and c) else 0) << (16 * j) for j in range(2))]
    return {"A": A, "B": B, "X": X, "O": np.zeros_like(O)}, {"O": O}
