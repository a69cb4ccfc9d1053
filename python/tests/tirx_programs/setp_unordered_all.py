"""Every floating comparison on f32 and f64, ordered and unordered (eq ne lt le gt ge
equ neu ltu leu gtu geu num nan), through setp with .xor / .and combines, setp.eq.ftz.f32
on subnormals, and set.CmpOp.{u32,s32,f32}.stype forms (all-ones / -1 / 1.0f)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 36


@T.function
def setp_unordered_all(X: T.Tensor((N,), "float32"), Y: T.Tensor((N,), "float32"),
                       D: T.Tensor((N,), "float64"), E: T.Tensor((N,), "float64"),
                       O: T.Tensor((N, 14), "uint32"), S: T.Tensor((N, 6), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    p = T.local_scalar("uint32")
    q = T.local_scalar("uint32")
    r = T.local_scalar("uint32")
    c = T.local_scalar("uint32")
    sv = T.local_scalar("int32")
    fv = T.local_scalar("float32")
    x = X[i]
    y = Y[i]
    T.ptx.setp.gt.s32(c, T.cast(i, "int32") % 3, 0)

    @T.inline
    def put(col):
        T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
        O[i, col] = r

    T.ptx.setp.eq.f32(p, x, y)
    put(0)
    T.ptx.setp.ne.f32(p, x, y)
    put(1)
    T.ptx.setp.equ.f32(p, x, y)
    put(2)
    T.ptx.setp.neu.f32(p, x, y)
    put(3)
    T.ptx.setp.ltu.f32(p, x, y)
    put(4)
    T.ptx.setp.leu.f32(p, x, y)
    put(5)
    T.ptx.setp.gtu.xor.f32(p, x, y, T.ptx.pred(c))
    put(6)
    T.ptx.setp.geu.and_.f32(p, x, y, T.ptx.pred(c))
    put(7)
    T.ptx.setp.num.f32(p, x, y)
    put(8)
    T.ptx.setp.nan.f32(p, x, y)
    put(9)
    T.ptx.setp.le.f64(p, D[i], E[i])
    put(10)
    T.ptx.setp.ltu.xor.f64(p, q, D[i], E[i], T.ptx.pred(c))
    put(11)
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(q))
    O[i, 12] = r
    T.ptx.setp.eq.ftz.f32(p, x, T.float32(0))
    put(13)
    T.ptx.set.ltu.u32.f32(r, x, y)
    S[i, 0] = r
    T.ptx.set.ge.s32.f64(sv, D[i], E[i])
    S[i, 1] = T.reinterpret(sv, ty="uint32")
    T.ptx.set.nan.f32.f32(fv, x, y)
    S[i, 2] = T.reinterpret(fv, ty="uint32")
    T.ptx.set.ne.and_.u32.f32(r, x, y, T.ptx.pred(c))
    S[i, 3] = r
    T.ptx.set.hi.or_.f32.u32(fv, T.reinterpret(x, ty="uint32"), T.reinterpret(y, ty="uint32"), T.ptx.pred(c))
    S[i, 4] = T.reinterpret(fv, ty="uint32")
    T.ptx.set.lt.xor.s32.s64(sv, T.cast(D[i], "int64"), T.cast(E[i], "int64"), T.ptx.pred(c))
    S[i, 5] = T.reinterpret(sv, ty="uint32")


def main():
    rng = np.random.default_rng(618)
    vals = np.array([np.nan, -np.inf, -1.5, -0.0, 0.0, 1.5, np.inf, 2.0], np.float32)
    X = rng.choice(vals, N).astype(np.float32)
    Y = rng.choice(vals, N).astype(np.float32)
    X[0:3] = [np.float32(1e-40), np.float32(-1e-42), np.nan]
    Y[0:3] = [1.0, 1.0, np.nan]
    D = rng.choice([np.nan, -3.0, 0.0, 3.0, 7.0], N)
    E = rng.choice([np.nan, -3.0, 0.0, 3.0, 7.0], N)
    O = np.zeros((N, 14), np.uint32)
    S = np.zeros((N, 6), np.uint32)
    M = 0xFFFFFFFF
    one = int(np.array(np.float32(1.0)).view(np.uint32))
    for k in range(N):
        x, y, d, e = float(X[k]), float(Y[k]), float(D[k]), float(E[k])
        c = (k % 3) > 0
        un = np.isnan(x) or np.isnan(y)
        und = np.isnan(d) or np.isnan(e)
        xf = 0.0 if abs(x) < 2.0 ** -126 else x
        p11 = (und or d < e)
        O[k] = [x == y, (not un) and x != y, un or x == y, un or x != y, un or x < y, un or x <= y,
                (un or x > y) != c, (un or x >= y) and c, not un, un, (not und) and d <= e,
                p11 != c, (not p11) != c, (not np.isnan(x)) and xf == 0.0]
        ux, uy = int(X[k:k + 1].view(np.uint32)[0]), int(Y[k:k + 1].view(np.uint32)[0])
        ld = int(d) if not np.isnan(d) else -2**63
        le = int(e) if not np.isnan(e) else -2**63
        S[k] = [M if (un or x < y) else 0, M if ((not und) and d >= e) else 0,
                one if un else 0, M if ((not un) and x != y and c) else 0,
                one if (ux > uy or c) else 0, M if ((ld < le) != c) else 0]
    return ({"X": X, "Y": Y, "D": D, "E": E, "O": np.zeros_like(O), "S": np.zeros_like(S)},
            {"O": O, "S": S})
