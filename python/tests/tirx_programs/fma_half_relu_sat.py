"""Half-type fma/add/mul qualifiers: fma.rn.relu.f16, fma.rn.relu.bf16x2,
fma.rn.sat.f16x2 (clamp to [0,1]), fma.rn.ftz.f16 (subnormal flush),
add.rn.sat.f16x2, mul.rn.ftz.f16x2, sub.rn.sat.f16, neg.f16x2, abs.bf16x2,
abs.ftz.f16x2, neg.ftz.f16 (bit-level sign ops; flushed subnormals)."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes
from fractions import Fraction

N = 32


@T.function
def fma_half_relu_sat(A: T.Tensor((N,), "uint32"), B: T.Tensor((N,), "uint32"),
                      C: T.Tensor((N,), "uint32"), O: T.Tensor((N, 11), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    u = T.local_scalar("uint32")
    h = T.local_scalar("uint16")
    lo = lambda x: T.cast(x & T.uint32(0xFFFF), "uint16")
    T.ptx.fma.rn.relu.f16(h, lo(A[i]), lo(B[i]), lo(C[i]))
    O[i, 0] = T.cast(h, "uint32")
    T.ptx.fma.rn.relu.bf16x2(u, A[i], B[i], C[i])
    O[i, 1] = u
    T.ptx.fma.rn.sat.f16x2(u, A[i], B[i], C[i])
    O[i, 2] = u
    T.ptx.fma.rn.ftz.f16(h, lo(A[i]), lo(B[i]), lo(C[i]))
    O[i, 3] = T.cast(h, "uint32")
    T.ptx.add.rn.sat.f16x2(u, A[i], B[i])
    O[i, 4] = u
    T.ptx.mul.rn.ftz.f16x2(u, A[i], B[i])
    O[i, 5] = u
    T.ptx.sub.rn.sat.f16(h, lo(A[i]), lo(B[i]))
    O[i, 6] = T.cast(h, "uint32")
    T.ptx.neg.f16x2(u, A[i])
    O[i, 7] = u
    T.ptx.abs.bf16x2(u, B[i])
    O[i, 8] = u
    T.ptx.abs.ftz.f16x2(u, C[i])
    O[i, 9] = u
    T.ptx.neg.ftz.f16(h, lo(C[i]))
    O[i, 10] = T.cast(h, "uint32")


def _rn(q, dt):
    """Round an exact Fraction to dtype dt (float16 or bfloat16), nearest-even."""
    f = dt(float(q))
    if np.isinf(f):
        return f
    best = None
    b = int(np.array(f).view(np.uint16))
    cands = []
    for nb in (b - 1, b, b + 1):
        if 0 <= nb < 0x10000:
            c = np.array(nb, np.uint16).view(dt)[()]
            if np.isfinite(c):
                cands.append(c)
    if float(f) == 0:
        cands += [np.array(1, np.uint16).view(dt)[()], np.array(0x8001, np.uint16).view(dt)[()]]
    d = lambda c: abs(Fraction(float(c)) - q)
    m = min(d(c) for c in cands)
    tied = [c for c in cands if d(c) == m]
    tied.sort(key=lambda c: int(np.array(c).view(np.uint16)) & 1)
    r = tied[0]
    if float(r) == 0:
        r = dt(-0.0) if q < 0 else dt(0.0)
    return r


def main():
    rng = np.random.default_rng(617)
    f16, bf = np.float16, ml_dtypes.bfloat16
    vals = lambda scale: (rng.integers(-120, 120, (N, 2)) / scale)
    ha, hb, hc = vals(16).astype(f16), vals(8).astype(f16), vals(4).astype(f16)
    ha[0], hb[0], hc[0] = [f16(2 ** -13), 0.75], [f16(2 ** -3), 0.5], [f16(-2 ** -15), 0.25]
    hc[1] = [f16(2 ** -20), -f16(2 ** -16)]
    u = lambda h: h.view(np.uint16).astype(np.uint32)
    A = u(ha[:, 0]) | (u(ha[:, 1]) << 16)
    B = u(hb[:, 0]) | (u(hb[:, 1]) << 16)
    C = u(hc[:, 0]) | (u(hc[:, 1]) << 16)
    dec = lambda b, dt: np.array(b, np.uint16).view(dt)[()]
    enc = lambda v: int(np.array(v).view(np.uint16))
    Q = lambda v: Fraction(float(v))
    sub16 = lambda v: float(v) != 0 and abs(float(v)) < 2 ** -14
    ftz = lambda v: f16(np.copysign(0.0, float(v))) if sub16(v) else v
    O = np.zeros((N, 11), np.uint32)
    for k in range(N):
        la = [(int(A[k]) >> (16 * j)) & 0xFFFF for j in range(2)]
        lb = [(int(B[k]) >> (16 * j)) & 0xFFFF for j in range(2)]
        lc = [(int(C[k]) >> (16 * j)) & 0xFFFF for j in range(2)]
        pk = lambda v: v[0] | (v[1] << 16)
        H = lambda j: (dec(la[j], f16), dec(lb[j], f16), dec(lc[j], f16))
        Bf = lambda j: (dec(la[j], bf), dec(lb[j], bf), dec(lc[j], bf))
        relu = lambda r, dt: dt(0.0) if float(r) < 0 or (float(r) == 0) else r
        satf = lambda r, dt: dt(min(max(float(r), 0.0), 1.0)) if not (float(r) == 0) else dt(0.0)
        a, b, c = H(0)
        O[k, 0] = enc(relu(_rn(Q(a) * Q(b) + Q(c), f16), f16))
        O[k, 1] = pk([enc(relu(_rn(Q(x) * Q(y) + Q(z), bf), bf)) for x, y, z in (Bf(0), Bf(1))])
        O[k, 2] = pk([enc(satf(_rn(Q(x) * Q(y) + Q(z), f16), f16)) for x, y, z in (H(0), H(1))])
        a2, b2, c2 = ftz(a), ftz(b), ftz(c)
        O[k, 3] = enc(ftz(_rn(Q(a2) * Q(b2) + Q(c2), f16)))
        O[k, 4] = pk([enc(satf(_rn(Q(x) + Q(y), f16), f16)) for x, y, _ in (H(0), H(1))])
        O[k, 5] = pk([enc(ftz(_rn(Q(ftz(x)) * Q(ftz(y)), f16))) for x, y, _ in (H(0), H(1))])
        O[k, 6] = enc(satf(_rn(Q(a) - Q(b), f16), f16))
        O[k, 7] = int(A[k]) ^ 0x80008000
        O[k, 8] = int(B[k]) & 0x7FFF7FFF
        O[k, 9] = pk([enc(ftz(dec(lc[j], f16))) & 0x7FFF for j in range(2)])
        O[k, 10] = enc(ftz(dec(lc[0], f16))) ^ 0x8000
    return {"A": A, "B": B, "C": C, "O": np.zeros_like(O)}, {"O": O}
