"""selp on 16- and 64-bit and float types (selp.u16, selp.s16, selp.b16 on a half,
selp.u64, selp.f32), slct.f32.s32 / slct.ftz.f32.f32 (-0.0 and subnormal selectors) /
slct.u64.s32 / slct.b16.f32, testp.{finite,infinite,number,notanumber,normal,subnormal}
on f32 and f64, copysign.f64."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def selp_slct_testp_types(X: T.Tensor((N,), "float32"), D: T.Tensor((N,), "float64"),
                          S: T.Tensor((N,), "int32"), W: T.Tensor((N,), "uint64"),
                          O: T.Tensor((N, 12), "uint32"), L: T.Tensor((N, 3), "uint64"),
                          G: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    p = T.local_scalar("uint32")
    r = T.local_scalar("uint32")
    h = T.local_scalar("uint16")
    sh = T.local_scalar("int16")
    w = T.local_scalar("uint64")
    f = T.local_scalar("float32")
    g = T.local_scalar("float64")
    T.ptx.testp.finite.f32(p, X[i])
    T.ptx.selp.u16(h, T.uint16(0xBEEF), T.uint16(7), T.ptx.pred(p))
    O[i, 0] = T.cast(h, "uint32")
    T.ptx.testp.infinite.f32(p, X[i])
    T.ptx.selp.s16(sh, T.int16(-5), T.int16(9), T.ptx.pred(p))
    O[i, 1] = T.cast(T.reinterpret(sh, ty="uint16"), "uint32")
    T.ptx.testp.number.f64(p, D[i])
    T.ptx.selp.b16(h, T.uint16(0x3C00), T.uint16(0xC000), T.ptx.pred(p))
    O[i, 2] = T.cast(h, "uint32")
    T.ptx.testp.notanumber.f32(p, X[i])
    T.ptx.selp.u64(w, W[i], T.uint64(0x123456789), T.ptx.pred(p))
    L[i, 0] = w
    T.ptx.testp.normal.f64(p, D[i])
    T.ptx.selp.f32(f, X[i], T.float32(-2.5), T.ptx.pred(p))
    O[i, 3] = T.reinterpret(f, ty="uint32")
    T.ptx.testp.subnormal.f64(p, D[i])
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 4] = r
    T.ptx.testp.normal.f32(p, X[i])
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 5] = r
    T.ptx.testp.finite.f64(p, D[i])
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 6] = r
    T.ptx.slct.f32.s32(f, T.float32(1.5), X[i], S[i])
    O[i, 7] = T.reinterpret(f, ty="uint32")
    T.ptx.slct.ftz.f32.f32(f, T.float32(3.0), T.float32(-4.0), X[i])
    O[i, 8] = T.reinterpret(f, ty="uint32")
    T.ptx.slct.u64.s32(w, W[i], T.uint64(42), S[i])
    L[i, 1] = w
    T.ptx.slct.b16.f32(h, T.uint16(0x1111), T.uint16(0x2222), X[i])
    O[i, 9] = T.cast(h, "uint32")
    T.ptx.slct.s32.s32(p, T.int32(-1), T.int32(2), S[i])
    O[i, 10] = p
    T.ptx.testp.infinite.f64(p, D[i])
    T.ptx.selp.b32(r, T.uint32(1), T.uint32(0), T.ptx.pred(p))
    O[i, 11] = r
    T.ptx.copysign.f64(g, D[i], T.float64(3.25))
    G[i] = g
    T.ptx.slct.f64.s32(g, D[i], T.float64(-1.0), S[i])
    L[i, 2] = T.reinterpret(g, ty="uint64")


def main():
    rng = np.random.default_rng(620)
    X = rng.choice(np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -2.0, 1e-40, -1e-39, 3e38],
                            np.float32), N).astype(np.float32)
    X[0:4] = [np.float32(-0.0), np.float32(1e-40), np.float32(-1e-40), np.nan]
    D = rng.choice([np.nan, np.inf, -np.inf, 0.0, -0.0, 5e-324, -1e-310, 2.0, -7.5], N)
    S = rng.integers(-3, 3, N).astype(np.int32)
    S[0] = -2**31
    W = rng.integers(0, 2**64, N, dtype=np.uint64)
    O = np.zeros((N, 12), np.uint32)
    L = np.zeros((N, 3), np.uint64)
    G = np.zeros(N)
    fb = lambda v: int(np.array(np.float32(v)).view(np.uint32))
    for k in range(N):
        x, d, s = float(X[k]), float(D[k]), int(S[k])
        fin = np.isfinite(x)
        sub32 = x != 0 and np.isfinite(x) and abs(x) < 2.0 ** -126
        nrm32 = np.isfinite(x) and not sub32  # ISA: +-0 count as normal
        sub64 = d != 0 and np.isfinite(d) and abs(d) < 2.0 ** -1022
        nrm64 = np.isfinite(d) and not sub64
        xz = 0.0 if sub32 else x  # .ftz selector
        O[k] = [0xBEEF if fin else 7, (0xFFFB if np.isinf(x) else 9), 0x3C00 if not np.isnan(d) else 0xC000,
                fb(x) if nrm64 else fb(-2.5), int(sub64), int(nrm32), int(np.isfinite(d)),
                fb(1.5) if s >= 0 else fb(x), fb(3.0) if xz >= 0 else fb(-4.0),
                0x1111 if x >= 0 else 0x2222, 0xFFFFFFFF if s >= 0 else 2, int(np.isinf(d))]
        L[k, 0] = W[k] if np.isnan(x) else 0x123456789
        L[k, 1] = W[k] if s >= 0 else 42
        L[k, 2] = np.array(d if s >= 0 else -1.0).view(np.uint64)
        G[k] = np.copysign(abs(3.25), d) if False else np.copysign(d, 3.25) * 0 + np.copysign(3.25, d) if False else np.copysign(abs(d), 3.25)
    # copysign.f64 d, a, b: magnitude of b, sign of a
    G = np.array([np.copysign(3.25, float(D[k])) for k in range(N)])
    return ({"X": X, "D": D, "S": S, "W": W, "O": np.zeros_like(O), "L": np.zeros_like(L),
             "G": np.zeros_like(G)}, {"O": O, "L": L, "G": G})
