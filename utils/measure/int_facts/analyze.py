#!/usr/bin/env python3
"""Compare the H200 outputs (raw/out/*.bin) with CPU models written from the PTX ISA text.

Prints, per test: records, matches against the ISA model, mismatches (with examples).
Where the ISA leaves a result undefined, the 'model' is the rule inferred from the data
(marked RULE), and the count says over how many inputs it held.
"""
import math, struct, sys
from collections import Counter, defaultdict
import numpy as np
from common import *

REPORT = []


def rep(*a):
    s = ' '.join(str(x) for x in a)
    REPORT.append(s)
    print(s)


def sx(v, w):
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def mk(w):
    return (1 << w) - 1


REGW = {'h': 16, 'r': 32, 'l': 64, 'f': 32, 'd': 64}


def check(name, model, filt=None, label='ISA', maxex=6):
    """model(rec tuple of python ints) -> expected int, or None to skip.  Returns (n, ok, bad, ex)."""
    t, I, O = get(name)
    rw = REGW[t['dst']]
    n = ok = 0
    bad = []
    for rec, d in zip(I.tolist(), O.tolist()):
        if filt is not None and not filt(rec):
            continue
        e = model(rec)
        if e is None:
            continue
        n += 1
        if (e & mk(rw)) == d:
            ok += 1
        else:
            bad.append((rec, d, e & mk(rw)))
    exs = ['in=%s gpu=%#x model=%#x' % ([hex(x) for x in r[:len(t['srcs'])]], d, e) for r, d, e in bad[:maxex]]
    rep('  %-28s %-5s n=%-7d match=%-7d mismatch=%d %s' % (name, label, n, ok, len(bad), ('e.g. ' + '; '.join(exs)) if bad else ''))
    return n, ok, len(bad)


def ops_of(t, rec):
    """source operands truncated to their register widths"""
    return [rec[j] & mk(REGW[c]) for j, c in enumerate(t['srcs'])]


# ====================================================================== 1 div/rem
def fam_div():
    rep('\n## 1. div / rem')
    for w in (16, 32, 64):
        m = mk(w)
        for op in ('div', 'rem'):
            for sg in ('s', 'u'):
                for var in ('', '_imm0', '_immm1'):
                    nm = '%s_%s%d%s' % (op, sg, w, var)
                    if nm not in TESTS:
                        continue

                    def getab(r, var=var):
                        a = r[0] & m
                        b = {'': r[1] & m, '_imm0': 0, '_immm1': m}[var]
                        return a, b

                    def isa(r, getab=getab, sg=sg, op=op):
                        a, b = getab(r)
                        sa, sb = (sx(a, w), sx(b, w)) if sg == 's' else (a, b)
                        if sb == 0:
                            return None
                        if sg == 's' and sa == -(1 << (w - 1)) and sb == -1:
                            return None
                        q = abs(sa) // abs(sb)
                        q = q if (sa < 0) == (sb < 0) else -q
                        return q if op == 'div' else sa - q * sb
                    check(nm, isa, label='ISA')

                    def by0(r, getab=getab):
                        a, b = getab(r)
                        return m if b == 0 else None
                    check(nm, by0, label='RULE0')    # x/0 and x%0 -> all ones
                    if sg == 's':
                        def ovf(r, getab=getab, op=op):
                            a, b = getab(r)
                            if a == 1 << (w - 1) and b == m:
                                return a if op == 'div' else 0
                            return None
                        check(nm, ovf, label='RULEm')  # MIN/-1 -> MIN, MIN%-1 -> 0


# ====================================================================== 2 shifts
def shift_model(ins, w, a, n):
    m = mk(w)
    a &= m
    if ins == 'shl.b':
        return (a << min(n, w)) & m
    if ins in ('shr.b', 'shr.u'):
        return a >> min(n, w)
    return (sx(a, w) >> min(n, w)) & m


def fam_shift():
    rep('\n## 2. shl / shr / shf')
    for w in (16, 32, 64):
        for ins in ('shl.b', 'shr.b', 'shr.u', 'shr.s'):
            nm = (ins + str(w)).replace('.', '_')
            check(nm, lambda r, ins=ins, w=w: shift_model(ins, w, r[0], r[1] & 0xFFFFFFFF))
            for imm in (w - 1, w, w + 1, 255):
                check('%s_imm%d' % (nm, imm), lambda r, ins=ins, w=w, imm=imm: shift_model(ins, w, r[0], imm))
    for d in ('l', 'r'):
        for mode in ('wrap', 'clamp'):
            def shf(a, b, c, d=d, mode=mode):
                n = min(c, 32) if mode == 'clamp' else c & 31
                v = ((b & 0xFFFFFFFF) << 32) | (a & 0xFFFFFFFF)
                return ((v << n) >> 32) & 0xFFFFFFFF if d == 'l' else (v >> n) & 0xFFFFFFFF
            check('shf_%s_%s' % (d, mode), lambda r, shf=shf: shf(r[0], r[1], r[2] & 0xFFFFFFFF))
            for imm in (31, 32, 33, 63, 64, 255):
                check('shf_%s_%s_imm%d' % (d, mode, imm), lambda r, shf=shf, imm=imm: shf(r[0], r[1], imm))


# ====================================================================== 3 bfe / bfi (vectorised)
def fam_bf():
    rep('\n## 3. bfe / bfi (vectorised ISA pseudo-code)')
    for w in (32, 64):
        msb = w - 1
        for sg in ('u', 's'):
            for suf in ('', 'j'):
                nm = 'bfe_%s%d%s' % (sg, w, suf)
                t, I, O = get(nm)
                a = I[:, 0] & np.uint64(mk(w))
                pos = (I[:, 1] & np.uint64(0xFF)).astype(np.int64)
                ln = (I[:, 2] & np.uint64(0xFF)).astype(np.int64)
                if sg == 'u':
                    sbit = np.zeros(len(a), dtype=np.uint64)
                else:
                    sp = np.minimum(pos + ln - 1, msb)
                    sp = np.maximum(sp, 0)
                    sbit = (a >> sp.astype(np.uint64)) & np.uint64(1)
                    sbit[ln == 0] = 0
                d = np.zeros(len(a), dtype=np.uint64)
                for i in range(w):
                    src = pos + i
                    take = (i < ln) & (src <= msb)
                    bit = (a >> np.minimum(src, msb).astype(np.uint64)) & np.uint64(1)
                    b = np.where(take, bit, sbit)
                    d |= b << np.uint64(i)
                bad = np.nonzero(d != O)[0]
                ex = ['a=%#x pos=%d len=%d gpu=%#x isa=%#x' % (int(a[k]), int(I[k, 1]), int(I[k, 2]), int(O[k]), int(d[k])) for k in bad[:5]]
                rep('  %-28s ISA   n=%-7d match=%-7d mismatch=%d %s' % (nm, len(a), len(a) - len(bad), len(bad), '; '.join(ex)))
                if len(bad):
                    bfe_deviation(nm, I, O, d, w, sg)
        for suf in ('', 'j'):
            nm = 'bfi_b%d%s' % (w, suf)
            t, I, O = get(nm)
            a = I[:, 0] & np.uint64(mk(w)); b = I[:, 1] & np.uint64(mk(w))
            pos = (I[:, 2] & np.uint64(0xFF)).astype(np.int64)
            ln = (I[:, 3] & np.uint64(0xFF)).astype(np.int64)
            f = b.copy()
            for i in range(w):
                dst = pos + i
                take = (i < ln) & (dst <= msb)
                abit = (a >> np.uint64(i)) & np.uint64(1)
                sh = np.minimum(dst, msb).astype(np.uint64)
                cleared = f & ~(np.uint64(1) << sh)
                f = np.where(take, cleared | (abit << sh), f)
            bad = np.nonzero(f != O)[0]
            ex = ['a=%#x b=%#x pos=%d len=%d gpu=%#x isa=%#x' % (int(a[k]), int(b[k]), int(I[k, 2]), int(I[k, 3]), int(O[k]), int(f[k])) for k in bad[:5]]
            rep('  %-28s ISA   n=%-7d match=%-7d mismatch=%d %s' % (nm, len(a), len(a) - len(bad), len(bad), '; '.join(ex)))


def bfe_deviation(nm, I, O, d, w, sg):
    """characterise where bfe deviates from the pseudo-code"""
    pos = (I[:, 1] & np.uint64(0xFF)).astype(np.int64)
    ln = (I[:, 2] & np.uint64(0xFF)).astype(np.int64)
    bad = d != O
    c = Counter()
    for k in np.nonzero(bad)[0]:
        p, l = int(pos[k]), int(ln[k])
        c[('pos>msb' if p > w - 1 else 'pos<=msb', 'len=0' if l == 0 else ('pos+len>w' if p + l > w else 'in-range'))] += 1
    rep('      deviation classes:', dict(c))
    # candidate rule: signed, pos >= w (start beyond msb): sign bit taken from a[msb]
    a = I[:, 0] & np.uint64(mk(w))
    msbbit = (a >> np.uint64(w - 1)) & np.uint64(1)
    alt = d.copy()
    sel = (pos > w - 1) & (ln != 0)
    alt[sel] = np.where(msbbit[sel] == 1, np.uint64(mk(w)), np.uint64(0))
    rep('      candidate "pos>msb && len!=0 -> replicate a[msb]": mismatches', int(np.sum(alt != O)))


# ====================================================================== 4 bit queries
def bfind_model(a, sg, w, sh):
    msb = w - 1
    a &= mk(w)
    if sg == 's' and a >> msb:
        a = ~a & mk(w)
    d = 0xFFFFFFFF
    for i in range(msb, -1, -1):
        if a >> i & 1:
            d = i
            break
    if sh and d != 0xFFFFFFFF:
        d = msb - d
    return d


def fns_model(mask, base, off):
    """pseudo-code; base taken as signed 32-bit (the text tests pos >= 0); mask[base] for base out of 0..31 -> bit not set"""
    base = sx(base, 32)
    off = sx(off, 32)
    d = 0xFFFFFFFF
    if off == 0:
        if 0 <= base < 32 and mask >> base & 1:
            d = base
        return d
    pos = base
    count = abs(off) - 1
    inc = 1 if off > 0 else -1
    while 0 <= pos < 32:
        if mask >> pos & 1:
            if count == 0:
                return pos
            count -= 1
        pos += inc
    return d


def szext_model(a, b, mode, sg):
    b1 = b & 0x1F
    too_large = b >= 32 and mode == 'clamp'
    mask = 0 if too_large else (0xFFFFFFFF << b1) & 0xFFFFFFFF
    sign_pos = (b1 - 1) & 0x1F
    if b1 == 0 or too_large or sg != 's':
        sbit = 0
    else:
        sbit = a >> sign_pos & 1
    return (a & ~mask & 0xFFFFFFFF) | (mask if sbit else 0)


def bmsk_model(a, b, mode):
    a1 = a & 0x1F
    mask0 = (0xFFFFFFFF << a1) & 0xFFFFFFFF
    b1 = b & 0x1F
    s = a1 + b1
    mask1 = (0xFFFFFFFF << s) & 0xFFFFFFFF if s < 32 else 0
    sum_ovf = s >= 32
    pos_ovf = wid_ovf = False
    if mode == 'clamp':
        if a >= 32:
            pos_ovf = True
            mask0 = 0
        if b >= 32:
            wid_ovf = True
    if sum_ovf or pos_ovf or wid_ovf:
        mask1 = 0
    elif b1 == 0:
        mask1 = 0xFFFFFFFF
    return mask0 & ~mask1 & 0xFFFFFFFF


def fam_bits():
    rep('\n## 4. bfind / clz / popc / fns / szext / bmsk')
    for w in (32, 64):
        for sg in ('u', 's'):
            for sh in (False, True):
                nm = 'bfind_%s%s%d' % ('shiftamt_' if sh else '', sg, w)
                check(nm, lambda r, sg=sg, w=w, sh=sh: bfind_model(r[0], sg, w, sh))
        check('clz_b%d' % w, lambda r, w=w: w - (r[0] & mk(w)).bit_length())
        check('popc_b%d' % w, lambda r, w=w: bin(r[0] & mk(w)).count('1'))
    for w in (32, 64):
        for nm in ('bfind_u%d' % w, 'bfind_s%d' % w, 'bfind_shiftamt_u%d' % w, 'bfind_shiftamt_s%d' % w, 'clz_b%d' % w, 'popc_b%d' % w):
            t, I, O = get(nm)
            vals = {}
            for r, d in zip(I.tolist(), O.tolist()):
                a = r[0] & mk(w)
                if a in (0, mk(w)):
                    vals[a] = d
            rep('    %s(0)=%#x  %s(-1)=%#x' % (nm, vals[0], nm, vals[mk(w)]))
    check('fns_b32', lambda r: fns_model(r[0] & 0xFFFFFFFF, r[1] & 0xFFFFFFFF, r[2] & 0xFFFFFFFF), filt=lambda r: (r[1] & 0xFFFFFFFF) < 32,
          label='ISA')
    check('fns_b32', lambda r: fns_model(r[0] & 0xFFFFFFFF, r[1] & 0xFFFFFFFF, r[2] & 0xFFFFFFFF), filt=lambda r: (r[1] & 0xFFFFFFFF) >= 32,
          label='ISAx', maxex=10)
    fns_undefined()
    for mode in ('wrap', 'clamp'):
        for sg in ('s', 'u'):
            check('szext_%s_%s32' % (mode, sg), lambda r, mode=mode, sg=sg: szext_model(r[0] & 0xFFFFFFFF, r[1] & 0xFFFFFFFF, mode, sg))
        check('bmsk_%s' % mode, lambda r, mode=mode: bmsk_model(r[0] & 0xFFFFFFFF, r[1] & 0xFFFFFFFF, mode))


def fns_undefined():
    """base >= 32 (undefined by the ISA): try candidate rules"""
    t, I, O = get('fns_b32')
    cands = {
        'base&31': lambda mk_, b, o: fns_model(mk_, b & 31, o),
        'pseudo(signed base)': lambda mk_, b, o: fns_model(mk_, b, o),
        'pseudo(unsigned base): loop never runs -> ~0': lambda mk_, b, o: 0xFFFFFFFF,
    }
    res = Counter()
    byb = defaultdict(Counter)
    n = 0
    for r, d in zip(I.tolist(), O.tolist()):
        mask, b, o = r[0] & 0xFFFFFFFF, r[1] & 0xFFFFFFFF, r[2] & 0xFFFFFFFF
        if b < 32:
            continue
        n += 1
        for k, f in cands.items():
            if f(mask, b, o) == d:
                res[k] += 1
    rep('      fns base>=32: n=%d, candidate rules matching: %s' % (n, dict(res)))


# ====================================================================== 5 cvt
def fdecode(bits, ft):
    if ft == 'f32':
        return struct.unpack('<f', struct.pack('<I', bits & 0xFFFFFFFF))[0]
    if ft == 'f64':
        return struct.unpack('<d', struct.pack('<Q', bits))[0]
    return float(np.array([bits & 0xFFFF], dtype=np.uint16).view(np.float16)[0])


def is_sub(bits, ft):
    if ft == 'f32':
        return (bits >> 23 & 0xFF) == 0 and bits & 0x7FFFFF
    return False


def iround(x, rm):
    if rm == 'rzi':
        return math.trunc(x)
    if rm == 'rmi':
        return math.floor(x)
    if rm == 'rpi':
        return math.ceil(x)
    return round(x)     # half to even, exact on binary floats


def tlim(dt):
    w = int(dt[1:])
    return (-(1 << (w - 1)), (1 << (w - 1)) - 1) if dt[0] == 's' else (0, (1 << w) - 1)


def extend(v, dt, regw):
    w = int(dt[1:])
    v &= mk(w)
    if dt[0] == 's':
        v = sx(v, w)
    return v & mk(regw)


def cvtf2i_model(bits, ft, dt, rm, ftz, regw, nan_rule='isa90'):
    x = fdecode(bits, ft)
    w = int(dt[1:])
    if x != x:
        if nan_rule == 'isa90':
            v = 0 if (ft != 'f64' and w != 64) else (1 << (w - 1))
        else:
            v = 0
        return extend(v, dt, regw)
    if ftz and is_sub(bits, ft):
        x = 0.0
    lo, hi = tlim(dt)
    if x == math.inf:
        v = hi
    elif x == -math.inf:
        v = lo
    else:
        v = iround(x, rm)
        v = max(lo, min(hi, v))
    return extend(v, dt, regw)


def fam_cvt():
    rep('\n## 5. cvt float -> int  (model: round, saturate; NaN per PTX 9.0 rule; result sign/zero-extended into the register per Table 28)')
    nan_tab = {}
    for nm, t in TESTS.items():
        if t['fam'] != 'cvtf2i':
            continue
        regw = REGW[t['dst']]
        check(nm, lambda r, t=t, regw=regw: cvtf2i_model(r[0], t['ft'], t['dt'], t['rm'], t['ftz'], regw))
        # record NaN / inf / -0 / negative results
        T, I, O = get(nm)
        seen = {}
        for r, d in zip(I.tolist(), O.tolist()):
            x = fdecode(r[0], t['ft'])
            if x != x:
                seen.setdefault('NaN', set()).add(d)
            elif x in (math.inf, -math.inf):
                seen.setdefault(str(x), set()).add(d)
            elif x == 0 and math.copysign(1, x) < 0:
                seen.setdefault('-0', set()).add(d)
        nan_tab[nm] = {k: sorted(hex(v) for v in s) for k, s in seen.items()}
    rep('\n  special-value results per test (distinct GPU outputs over all NaN encodings tried, +-inf, -0):')
    for nm in sorted(nan_tab):
        rep('    %-30s %s' % (nm, nan_tab[nm]))
    rep('\n## 5b. cvt int -> int (model: read atype from the low bits of the source register; .sat clamps to dtype range, else chop; '
        'result sign-extended (signed dtype) / zero-extended (unsigned dtype) into the destination register)')
    for nm, t in TESTS.items():
        if t['fam'] != 'cvti2i':
            continue
        regw = REGW[t['dst']]
        srcw = REGW[t['srcs'][0]]

        def m(r, t=t, regw=regw, srcw=srcw):
            at, dt = t['at'], t['dt']
            v = r[0] & mk(srcw)
            aw = int(at[1:])
            v &= mk(aw)
            if at[0] == 's':
                v = sx(v, aw)
            if t['sat']:
                lo, hi = tlim(dt)
                v = max(lo, min(hi, v))
            return extend(v, dt, regw)
        check(nm, m)


# ====================================================================== 6 mul24 etc.
def fam_int6():
    rep('\n## 6. mul24 / mad24 / sad / dp4a / dp2a / prmt / mad.hi.sat / add.sat / sub.sat')

    def op24(a, sg):
        a &= 0xFFFFFF
        return sx(a, 24) if sg == 's' else a
    for mode in ('hi', 'lo'):
        for sg in ('s', 'u'):
            def p(r, sg=sg, mode=mode):
                t = op24(r[0], sg) * op24(r[1], sg)
                return (t >> 16) & 0xFFFFFFFF if mode == 'hi' else t & 0xFFFFFFFF
            check('mul24_%s_%s32' % (mode, sg), p, label='ISA24')
            # alternative: full 32-bit operands
            def p32(r, sg=sg, mode=mode):
                a, b = r[0] & 0xFFFFFFFF, r[1] & 0xFFFFFFFF
                if sg == 's':
                    a, b = sx(a, 32), sx(b, 32)
                t = a * b
                return (t >> 16) & 0xFFFFFFFF if mode == 'hi' else t & 0xFFFFFFFF
            check('mul24_%s_%s32' % (mode, sg), p32, label='alt32')
            check('mad24_%s_%s32' % (mode, sg), lambda r, p=p: (p(r) + r[2]) & 0xFFFFFFFF, label='ISA24')
    def madsat(r):
        t = op24(r[0], 's') * op24(r[1], 's')
        v = sx((t >> 16) & 0xFFFFFFFF, 32) + sx(r[2], 32)
        return max(-(1 << 31), min((1 << 31) - 1, v))
    check('mad24_hi_sat_s32', madsat, label='ISA24')
    def madsat48(r):
        t = op24(r[0], 's') * op24(r[1], 's')
        v = (t >> 16) + sx(r[2], 32)     # 48-bit product's high part not truncated to 32 first (same thing: fits)
        return max(-(1 << 31), min((1 << 31) - 1, v))
    check('mad24_hi_sat_s32', madsat48, label='alt')

    def mhs(r):
        t = sx(r[0], 32) * sx(r[1], 32)
        v = (t >> 32) + sx(r[2], 32)
        return max(-(1 << 31), min((1 << 31) - 1, v))
    check('mad_hi_sat_s32', mhs)
    check('add_sat_s32', lambda r: max(-(1 << 31), min((1 << 31) - 1, sx(r[0], 32) + sx(r[1], 32))))
    check('sub_sat_s32', lambda r: max(-(1 << 31), min((1 << 31) - 1, sx(r[0], 32) - sx(r[1], 32))))
    for w in (16, 32, 64):
        for sg in ('s', 'u'):
            def sad(r, w=w, sg=sg):
                a, b, c = r[0] & mk(w), r[1] & mk(w), r[2] & mk(w)
                if sg == 's':
                    a, b = sx(a, w), sx(b, w)
                return (c + (b - a if a < b else a - b)) & mk(w)
            check('sad_%s%d' % (sg, w), sad)

    def bytes4(v, sg):
        return [sx(v >> (8 * i), 8) if sg == 's' else (v >> (8 * i)) & 0xFF for i in range(4)]

    def halves(v, sg):
        return [sx(v >> (16 * i), 16) if sg == 's' else (v >> (16 * i)) & 0xFFFF for i in range(2)]
    for at in ('s', 'u'):
        for bt in ('s', 'u'):
            check('dp4a_%s32_%s32' % (at, bt),
                  lambda r, at=at, bt=bt: (r[2] + sum(x * y for x, y in zip(bytes4(r[0] & 0xFFFFFFFF, at), bytes4(r[1] & 0xFFFFFFFF, bt)))) & 0xFFFFFFFF)
            for mode in ('lo', 'hi'):
                def dp2(r, at=at, bt=bt, mode=mode):
                    va = halves(r[0] & 0xFFFFFFFF, at)
                    vb = bytes4(r[1] & 0xFFFFFFFF, bt)
                    s = 0 if mode == 'lo' else 2
                    return (r[2] + va[0] * vb[s] + va[1] * vb[s + 1]) & 0xFFFFFFFF
                check('dp2a_%s_%s32_%s32' % (mode, at, bt), dp2)
    TAB = {'f4e': [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]],
           'b4e': [[0, 7, 6, 5], [1, 0, 7, 6], [2, 1, 0, 7], [3, 2, 1, 0]],
           'rc8': [[0] * 4, [1] * 4, [2] * 4, [3] * 4],
           'ecl': [[0, 1, 2, 3], [1, 1, 2, 3], [2, 2, 2, 3], [3, 3, 3, 3]],
           'ecr': [[0, 0, 0, 0], [0, 1, 1, 1], [0, 1, 2, 2], [0, 1, 2, 3]],
           'rc16': [[0, 1, 0, 1], [2, 3, 2, 3], [0, 1, 0, 1], [2, 3, 2, 3]]}   # [selector][d.b0..d.b3]

    def prmt(r, mode):
        a, b, c = r[0] & 0xFFFFFFFF, r[1] & 0xFFFFFFFF, r[2] & 0xFFFFFFFF
        t64 = (b << 32) | a
        d = 0
        for i in range(4):
            if mode == '':
                ctl = (c >> (4 * i)) & 0xF
                byte = (t64 >> (8 * (ctl & 7))) & 0xFF
                if ctl & 8:
                    byte = 0xFF if byte & 0x80 else 0
            else:
                byte = (t64 >> (8 * TAB[mode][c & 3][i])) & 0xFF
            d |= byte << (8 * i)
        return d
    for nm in ('prmt_default', 'prmt_default_rnd', 'prmt_f4e', 'prmt_b4e', 'prmt_rc8', 'prmt_ecl', 'prmt_ecr', 'prmt_rc16'):
        check(nm, lambda r, nm=nm: prmt(r, TESTS[nm]['mode']))


# ====================================================================== 7 testp
def fam_testp():
    rep('\n## 7. testp')
    for ft, E, Mb in (('f32', 8, 23), ('f64', 11, 52)):
        for op in ('finite', 'infinite', 'number', 'notanumber', 'normal', 'subnormal'):
            def cls(r, op=op, E=E, Mb=Mb):   # ISA: +-0 count as normal
                v = r[0]
                e = (v >> Mb) & mk(E)
                m_ = v & mk(Mb)
                nan = e == mk(E) and m_ != 0
                inf = e == mk(E) and m_ == 0
                zero = e == 0 and m_ == 0
                sub = e == 0 and m_ != 0
                return int({'finite': not (nan or inf), 'infinite': inf, 'number': not nan, 'notanumber': nan,
                            'normal': not (nan or inf or sub), 'subnormal': sub}[op])
            check('testp_%s_%s' % (op, ft), cls)


# ====================================================================== 8 min/max, abs/neg, 16-bit
def fam_misc():
    rep('\n## 8. min/max (x2, relu), abs/neg, 16-bit promotion')
    for nm, t in TESTS.items():
        if t['fam'] != 'minmax':
            continue

        def mm(r, t=t):
            a, b = r[0] & 0xFFFFFFFF, r[1] & 0xFFFFFFFF
            f = min if t['op'] == 'min' else max
            if t['ty'] in ('s32', 'u32'):
                if t['ty'] == 's32':
                    v = f(sx(a, 32), sx(b, 32))
                    if t['relu']:
                        v = max(v, 0)
                else:
                    v = f(a, b)
                return v & 0xFFFFFFFF
            d = 0
            for i in range(2):
                x, y = (a >> 16 * i) & 0xFFFF, (b >> 16 * i) & 0xFFFF
                if t['ty'] == 's16x2':
                    v = f(sx(x, 16), sx(y, 16))
                    if t['relu']:
                        v = max(v, 0)
                else:
                    v = f(x, y)
                d |= (v & 0xFFFF) << (16 * i)
            return d
        check(nm, mm)
    for w in (16, 32, 64):
        check('abs_s%d' % w, lambda r, w=w: abs(sx(r[0], w)) & mk(w))
        check('neg_s%d' % w, lambda r, w=w: (-sx(r[0], w)) & mk(w))
        for op in ('abs', 'neg'):
            t, I, O = get('%s_s%d' % (op, w))
            for r, d in zip(I.tolist(), O.tolist()):
                if r[0] & mk(w) == 1 << (w - 1):
                    rep('    %s.s%d(INT%d_MIN) = %#x' % (op, w, w, d))
                    break
    M16 = 0xFFFF
    p16 = {
        'p16_add_shr': lambda a, b: ((a + b) & M16) >> 1,
        'p16_mul_shr': lambda a, b: ((a * b) & M16) >> 4,
        'p16_adds_shr': lambda a, b: (sx((a + b) & M16, 16) >> 1) & M16,
        'p16_sub_shr': lambda a, b: ((a - b) & M16) >> 3,
        'p16_shl_shr': lambda a, b: ((a << 4) & M16) >> 4,
        'p16_add_cvt32': lambda a, b: (a + b) & M16,
        'p16_mul_cvt32': lambda a, b: (a * b) & M16,
        'p16_add_movb32': lambda a, b: ((a + b) & M16) * 0x10001,
    }
    for nm, f in p16.items():
        check(nm, lambda r, f=f: f(r[0] & M16, r[1] & M16), label='16bit')


if __name__ == '__main__':
    fams = sys.argv[1:] or ['div', 'shift', 'bf', 'bits', 'cvt', 'int6', 'testp', 'misc']
    for f in fams:
        globals()['fam_' + f]()
    if not sys.argv[1:]:
        open(os.path.join(HERE, 'analysis.txt'), 'w').write('\n'.join(REPORT) + '\n')
