"""FlashAttention-2 forward for one warp over a long key sequence (16 queries,
2080 keys = 65 blocks of 32, d = 16, base-2 scores): K and V blocks are streamed
through (32, 24) padded shared buffers (__syncwarp around each refill) inside a
65-trip T.serial (a C loop in TIRx's CUDA), Q fragments by ldmatrix.x4, K by
ldmatrix.x4 (non-trans), S = Q K^T by mma m16n8k16, quad max by shfl.sync.bfly,
online rescale by ex2.approx(m_old - m), P = ex2.approx.ftz(s - m) repacked by
cvt.rn.f16x2.f32 into A fragments, V by ldmatrix.x4.trans, O += P V by mma,
O / l by div.rn. Q has ones in 4 dims and K is 0/1, so scores are 0..4, and
every ex2, partial sum and accumulation is exact (the reference is exact
softmax rounded once)."""
from tvm_tirx.script import tirx as T
import numpy as np
from fractions import Fraction

NK = 2080


@T.function
def flash_fwd_long_stream(Q: T.Tensor((16, 16), "float16"), Kt: T.Tensor((NK, 16), "float16"),
       V: T.Tensor((NK, 16), "float16"), O: T.Tensor((16, 16), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    SQ = T.alloc_shared((16, 24), "float16")
    SK = T.alloc_shared((32, 24), "float16")
    SV = T.alloc_shared((32, 24), "float16")
    for r in T.unroll(8):
        SQ[2 * r + lane // 16, lane % 16] = Q[2 * r + lane // 16, lane % 16]
    T.cuda.cta_sync()
    qa = T.alloc_local((4,), "uint32")
    T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(
        qa[0], qa[1], qa[2], qa[3],
        T.cuda.cvta_generic_to_shared(SQ.ptr_to([lane % 16, 8 * (lane // 16)])))
    o = T.alloc_local((8,), "float32")
    for i in T.unroll(8):
        o[i] = T.float32(0)
    m = T.alloc_local((2,), "float32")
    l = T.alloc_local((2,), "float32")
    for h in T.unroll(2):
        m[h] = T.float32(-1e30)
        l[h] = T.float32(0)
    s = T.alloc_local((16,), "float32")
    kb = T.alloc_local((4,), "uint32")
    vb = T.alloc_local((4,), "uint32")
    pa = T.alloc_local((4,), "uint32")
    t = T.local_scalar("float32")
    for blk in T.serial(NK // 32):
        T.cuda.warp_sync()
        for r in T.unroll(16):
            SK[2 * r + lane // 16, lane % 16] = Kt[blk * 32 + 2 * r + lane // 16, lane % 16]
            SV[2 * r + lane // 16, lane % 16] = V[blk * 32 + 2 * r + lane // 16, lane % 16]
        T.cuda.warp_sync()
        for i in T.unroll(16):
            s[i] = T.float32(0)
        for nh in T.unroll(2):
            T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(
                kb[0], kb[1], kb[2], kb[3],
                T.cuda.cvta_generic_to_shared(SK.ptr_to(
                    [nh * 16 + lane % 8 + 8 * (lane // 16), 8 * ((lane // 8) % 2)])))
            for j in T.unroll(2):
                nb = 2 * nh + j
                T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
                    s[4 * nb], s[4 * nb + 1], s[4 * nb + 2], s[4 * nb + 3],
                    qa[0], qa[1], qa[2], qa[3], kb[2 * j], kb[2 * j + 1],
                    s[4 * nb], s[4 * nb + 1], s[4 * nb + 2], s[4 * nb + 3])
        for h in T.unroll(2):
            mx = T.local_scalar("float32", m[h])
            for nb in T.unroll(4):
                for c in T.unroll(2):
                    T.ptx.max.f32(mx, mx, s[4 * nb + 2 * h + c])
            for k in T.unroll(2):
                T.ptx.shfl_sync.bfly.b32(t, mx, T.uint32(1 << k), T.uint32(0x1F), T.uint32(0xFFFFFFFF))
                T.ptx.max.f32(mx, mx, t)
            m_old = m[h]
            m[h] = mx
            alpha = T.local_scalar("float32")
            T.ptx.ex2.approx.ftz.f32(alpha, m_old - mx)
            l[h] = l[h] * alpha
            for nb in T.unroll(2):
                for c in T.unroll(2):
                    o[4 * nb + 2 * h + c] = o[4 * nb + 2 * h + c] * alpha
            for nb in T.unroll(4):
                for c in T.unroll(2):
                    T.ptx.ex2.approx.ftz.f32(s[4 * nb + 2 * h + c], s[4 * nb + 2 * h + c] - mx)
                    l[h] = l[h] + s[4 * nb + 2 * h + c]
        for kc in T.unroll(2):
            for j in T.unroll(2):
                for h in T.unroll(2):
                    T.ptx.cvt.rn.f16x2.f32(pa[2 * j + h], s[4 * (2 * kc + j) + 2 * h + 1],
                                           s[4 * (2 * kc + j) + 2 * h])
            T.ptx.ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16(
                vb[0], vb[1], vb[2], vb[3],
                T.cuda.cvta_generic_to_shared(SV.ptr_to([kc * 16 + lane % 16, 8 * (lane // 16)])))
            for nb in T.unroll(2):
                T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
                    o[4 * nb], o[4 * nb + 1], o[4 * nb + 2], o[4 * nb + 3],
                    pa[0], pa[1], pa[2], pa[3], vb[2 * nb], vb[2 * nb + 1],
                    o[4 * nb], o[4 * nb + 1], o[4 * nb + 2], o[4 * nb + 3])
    g = lane // 4
    tt = lane % 4
    for h in T.unroll(2):
        ls = T.local_scalar("float32", l[h])
        for k in T.unroll(2):
            T.ptx.shfl_sync.bfly.b32(t, ls, T.uint32(1 << k), T.uint32(0x1F), T.uint32(0xFFFFFFFF))
            T.ptx.add.rn.f32(ls, ls, t)
        for nb in T.unroll(2):
            for c in T.unroll(2):
                r = T.local_scalar("float32")
                T.ptx.div.rn.f32(r, o[4 * nb + 2 * h + c], ls)
                O[g + 8 * h, 8 * nb + 2 * tt + c] = r


def f32_of(fr):
    """Fraction -> nearest float32 (ties to even), for normal results."""
    fr = Fraction(fr)
    if fr == 0:
        return np.float32(0)
    sign = -1 if fr < 0 else 1
    fr = abs(fr)
    e = fr.numerator.bit_length() - fr.denominator.bit_length()
    while Fraction(2) ** e > fr:
        e -= 1
    while Fraction(2) ** (e + 1) <= fr:
        e += 1
    scaled = fr / Fraction(2) ** (e - 23)
    q, r = divmod(scaled.numerator, scaled.denominator)
    if 2 * r > scaled.denominator or (2 * r == scaled.denominator and q & 1):
        q += 1
    return np.float32(sign * float(Fraction(q) * Fraction(2) ** (e - 23)))


def main():
    from fractions import Fraction
    rng = np.random.default_rng(1026)
    Qm = np.zeros((16, 16), np.float16)
    Qm[:, :4] = 1
    Km = rng.integers(0, 2, (NK, 16)).astype(np.float16)
    Vm = rng.integers(-4, 5, (NK, 16)).astype(np.float16)
    S = (Qm.astype(np.int64) @ Km.astype(np.int64).T)
    O = np.zeros((16, 16), np.float32)
    for r in range(16):
        m = int(S[r].max())
        w = [Fraction(2) ** int(s - m) for s in S[r]]
        den = sum(w)
        for c in range(16):
            num = sum(wi * int(v) for wi, v in zip(w, Vm[:, c]))
            O[r, c] = f32_of(num / den)
    return {"Q": Qm, "Kt": Km, "V": Vm, "O": np.zeros((16, 16), np.float32)}, {"O": O}
