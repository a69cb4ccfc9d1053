#!/usr/bin/env python3
"""Generate the H200 integer-facts probe: input sets, CUDA kernels (inline PTX), test table.

Every test = one PTX snippet run over one input set.  Input records are 4 x u64
(a, b, c, e); the kernel casts each to the register class it needs (h=b16, r=b32,
l=b64, f=f32, d=f64) and stores the destination bits zero-extended into a u64.
"""
import json, os, random, struct, sys

HERE = os.path.dirname(os.path.abspath(__file__))
M64 = (1 << 64) - 1
R = random.Random(20240917)

SETS = {}     # name -> list of 4-tuples
TESTS = []    # dicts


def S(name, recs):
    out = []
    for r in recs:
        r = tuple(int(x) & M64 for x in r) + (0,) * (4 - len(r))
        out.append(r)
    SETS[name] = out


def T(name, setname, asm, dst, srcs, **meta):
    assert setname in SETS, setname
    assert all(t['name'] != name for t in TESTS), name
    TESTS.append(dict(name=name, set=setname, asm=asm, dst=dst, srcs=srcs, **meta))


def rnd(bits):
    return R.getrandbits(bits)


def rnd_mag(bits):
    """random value with random magnitude (bit length), random sign pattern"""
    k = R.randint(0, bits)
    v = R.getrandbits(k) if k else 0
    if R.random() < 0.5:
        v = (-v) & ((1 << bits) - 1)
    return v


def specials(bits):
    m = (1 << bits) - 1
    s = set()
    for v in [0, 1, 2, 3, 5, 7, 10, 100, 1000]:
        s.add(v & m); s.add((-v) & m)
    for k in range(bits):
        for d in (-1, 0, 1):
            s.add(((1 << k) + d) & m); s.add((-(1 << k) + d) & m)
    s.add(m); s.add(m >> 1); s.add((m >> 1) + 1)
    for p in (0x5555555555555555, 0xAAAAAAAAAAAAAAAA, 0x0123456789ABCDEF, 0xFEDCBA9876543210,
              0x00FF00FF00FF00FF, 0xF0F0F0F0F0F0F0F0):
        s.add(p & m)
    return sorted(s)

# ---------------------------------------------------------------- 1. div / rem

for w in (16, 32, 64):
    m = (1 << w) - 1
    recs = []
    if w == 16:
        dividends = list(range(1 << 16))
    else:
        dividends = specials(w) + [rnd_mag(w) for _ in range(2000)] + [rnd(w) for _ in range(2000)] + \
            [v & m for v in range(-600, 601)]
        dividends = sorted(set(dividends))
    for a in dividends:
        recs.append((a, 0))
    for a in dividends:
        recs.append((a, m))           # divisor -1 (signed) / max (unsigned)
    cross_a = specials(w)[:100] + [rnd_mag(w) for _ in range(60)]
    cross_b = specials(w)[:100] + [rnd_mag(w) for _ in range(60)]
    for a in cross_a:
        for b in cross_b:
            recs.append((a, b))
    S('div%d' % w, recs)
    cls = {16: 'h', 32: 'r', 64: 'l'}[w]
    for op in ('div', 'rem'):
        for sg in ('s', 'u'):
            ty = '%s%d' % (sg, w)
            T('%s_%s' % (op, ty), 'div%d' % w, '%s.%s %%0, %%1, %%2;' % (op, ty), cls, [cls, cls],
              fam='divrem', op=op, ty=ty, w=w)
            T('%s_%s_imm0' % (op, ty), 'div%d' % w, '%s.%s %%0, %%1, 0;' % (op, ty), cls, [cls],
              fam='divrem_imm', op=op, ty=ty, w=w, imm=0)
            if sg == 's':
                T('%s_%s_immm1' % (op, ty), 'div%d' % w, '%s.%s %%0, %%1, -1;' % (op, ty), cls, [cls],
                  fam='divrem_imm', op=op, ty=ty, w=w, imm=-1)

# ---------------------------------------------------------------- 2. shifts

AMTS = sorted(set(list(range(0, 140)) + [
    255, 256, 257, 511, 512, 1000, 1023, 1024, 4095, 4096, 65535, 65536, 65537, 0x10020, 0x100010,
    0x7FFFFFFF, 0x7FFFFFFE, 0x7FFFFFE0, 0x80000000, 0x80000001, 0x8000000F, 0x80000010, 0x8000001F,
    0x80000020, 0x80000021, 0x8000003F, 0x80000040, 0x80000041, 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFF0,
    0xFFFFFFE1, 0xFFFFFFE0, 0xFFFFFFC1, 0xFFFFFFC0, 0xFFFFFF00, 0xFFFF0001, 0x00010001, 0x00000101,
    0x00000120, 0x00000140, 0x12345678, 0x9ABCDEF0] + [rnd(32) for _ in range(40)]))

for w in (16, 32, 64):
    vals = [0, 1, (1 << w) - 1, 1 << (w - 1), (1 << (w - 1)) - 1, 0x5555555555555555 & ((1 << w) - 1),
            0xAAAAAAAAAAAAAAAA & ((1 << w) - 1)] + [rnd(w) for _ in range(17)]
    S('shift%d' % w, [(v, a) for v in vals for a in AMTS])
    cls = {16: 'h', 32: 'r', 64: 'l'}[w]
    for ins in ('shl.b', 'shr.b', 'shr.u', 'shr.s'):
        ty = ins + str(w)
        nm = ty.replace('.', '_')
        T(nm, 'shift%d' % w, '%s %%0, %%1, %%2;' % ty, cls, [cls, 'r'], fam='shift', ins=ins, w=w)
        for imm in (w - 1, w, w + 1, 255):
            T('%s_imm%d' % (nm, imm), 'shift%d' % w, '%s %%0, %%1, %d;' % (ty, imm), cls, [cls],
              fam='shift_imm', ins=ins, w=w, imm=imm)

shf_pairs = [(0xFFFFFFFF, 0), (0, 0xFFFFFFFF), (0x80000001, 0x80000001), (0x12345678, 0x9ABCDEF0)] + \
    [(rnd(32), rnd(32)) for _ in range(20)]
SHF_AMTS = sorted(set([a for a in AMTS if a < 100] + [a for a in AMTS if a >= 100]))
S('shf', [(a, b, n) for (a, b) in shf_pairs for n in SHF_AMTS])
for d in ('l', 'r'):
    for mode in ('wrap', 'clamp'):
        T('shf_%s_%s' % (d, mode), 'shf', 'shf.%s.%s.b32 %%0, %%1, %%2, %%3;' % (d, mode), 'r', ['r', 'r', 'r'],
          fam='shf', dir=d, mode=mode)
        for imm in (31, 32, 33, 63, 64, 255):
            T('shf_%s_%s_imm%d' % (d, mode, imm), 'shf', 'shf.%s.%s.b32 %%0, %%1, %%2, %d;' % (d, mode, imm),
              'r', ['r', 'r'], fam='shf_imm', dir=d, mode=mode, imm=imm)

# ---------------------------------------------------------------- 3. bfe / bfi

for w in (32, 64):
    m = (1 << w) - 1
    vals = [m, 1 << (w - 1), 0x5A5A5A5A5A5A5A5A & m, rnd(w), rnd(w)]
    S('bfe%d' % w, [(v, p, l) for v in vals for p in range(256) for l in range(256)])
    # bits 8..31 of pos/len junk
    recs = []
    for _ in range(30000):
        p = R.randint(0, 80) if R.random() < 0.7 else R.randint(0, 255)
        l = R.randint(0, 80) if R.random() < 0.7 else R.randint(0, 255)
        recs.append((rnd(w), p | (rnd(24) << 8), l | (rnd(24) << 8)))
    S('bfe%dj' % w, recs)
    cls = 'r' if w == 32 else 'l'
    for sg in ('u', 's'):
        for suf in ('', 'j'):
            T('bfe_%s%d%s' % (sg, w, suf), 'bfe%d%s' % (w, suf), 'bfe.%s%d %%0, %%1, %%2, %%3;' % (sg, w), cls,
              [cls, 'r', 'r'], fam='bfe', sg=sg, w=w)
    ab = [(rnd(w), rnd(w)), (m, 0), (0, m)]
    S('bfi%d' % w, [(a, b, p, l) for (a, b) in ab for p in range(256) for l in range(256)])
    recs = []
    for _ in range(30000):
        p = R.randint(0, 80) if R.random() < 0.7 else R.randint(0, 255)
        l = R.randint(0, 80) if R.random() < 0.7 else R.randint(0, 255)
        recs.append((rnd(w), rnd(w), p | (rnd(24) << 8), l | (rnd(24) << 8)))
    S('bfi%dj' % w, recs)
    for suf in ('', 'j'):
        T('bfi_b%d%s' % (w, suf), 'bfi%d%s' % (w, suf), 'bfi.b%d %%0, %%1, %%2, %%3, %%4;' % w, cls,
          [cls, cls, 'r', 'r'], fam='bfi', w=w)

# ---------------------------------------------------------------- 4. bfind / clz / popc / fns / szext / bmsk

for w in (32, 64):
    S('bits%d' % w, [(v,) for v in specials(w) + [rnd_mag(w) for _ in range(1000)] + [rnd(w) for _ in range(500)]])
    cls = 'r' if w == 32 else 'l'
    for sg in ('u', 's'):
        T('bfind_%s%d' % (sg, w), 'bits%d' % w, 'bfind.%s%d %%0, %%1;' % (sg, w), 'r', [cls], fam='bfind', sg=sg, w=w, sh=False)
        T('bfind_shiftamt_%s%d' % (sg, w), 'bits%d' % w, 'bfind.shiftamt.%s%d %%0, %%1;' % (sg, w), 'r', [cls],
          fam='bfind', sg=sg, w=w, sh=True)
    T('clz_b%d' % w, 'bits%d' % w, 'clz.b%d %%0, %%1;' % w, 'r', [cls], fam='clz', w=w)
    T('popc_b%d' % w, 'bits%d' % w, 'popc.b%d %%0, %%1;' % w, 'r', [cls], fam='popc', w=w)

masks = [0, 0xFFFFFFFF, 0x80000000, 1, 0xAAAAAAAA, 0x55555555, 0x80000001, 0x00010000] + [rnd(32) for _ in range(12)]
bases = list(range(0, 41)) + [47, 48, 63, 64, 65, 95, 96, 100, 127, 128, 200, 255, 256, 257, 288, 1000,
                              0x7FFFFFFF, 0x80000000, 0x80000001, 0x80000005, 0xFFFFFFFF, 0xFFFFFFFE,
                              0xFFFFFFF0, 0xFFFFFFE1, 0xFFFFFFE0, 0xFFFFFF00]
offs = list(range(-40, 41)) + [64, 100, 1000, 0x7FFFFFFF, -0x7FFFFFFF, -0x80000000, -64, -100, -1000]
S('fns', [(mk, b, o) for mk in masks for b in bases for o in offs])
T('fns_b32', 'fns', 'fns.b32 %0, %1, %2, %3;', 'r', ['r', 'r', 'r'], fam='fns')

SZ_B = sorted(set(list(range(0, 100)) + [127, 128, 255, 256, 257, 0x7FFFFFFF, 0x80000000, 0x80000001, 0x80000010,
                                         0x80000020, 0xFFFFFFFF, 0xFFFFFFE0, 0xFFFFFFE1, 0xFFFFFFFE, 0x100000010]))
SZ_B = [b & 0xFFFFFFFF for b in SZ_B]
sz_vals = [0, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0xAAAAAAAA, 0x55555555] + [rnd(32) for _ in range(18)]
S('szext', [(a, b) for a in sz_vals for b in SZ_B])
for mode in ('wrap', 'clamp'):
    for sg in ('s', 'u'):
        T('szext_%s_%s32' % (mode, sg), 'szext', 'szext.%s.%s32 %%0, %%1, %%2;' % (mode, sg), 'r', ['r', 'r'],
          fam='szext', mode=mode, sg=sg)
BM = sorted(set(list(range(0, 100)) + [127, 128, 255, 256, 257, 0x7FFFFFFF, 0x80000000, 0x80000001, 0x80000010,
                                       0xFFFFFFFF, 0xFFFFFFE0, 0xFFFFFFE1, 0xFFFFFFFE]))
S('bmsk', [(a, b) for a in BM for b in BM])
for mode in ('wrap', 'clamp'):
    T('bmsk_%s' % mode, 'bmsk', 'bmsk.%s.b32 %%0, %%1, %%2;' % mode, 'r', ['r', 'r'], fam='bmsk', mode=mode)

# ---------------------------------------------------------------- 5. cvt

def f32bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def f64bits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


BOUNDS = [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.5, 126.5, 127.0, 127.5, 128.0, 128.5, 129.0, 254.5, 255.0, 255.5, 256.0,
          256.5, 32766.5, 32767.0, 32767.5, 32768.0, 32768.5, 65534.5, 65535.0, 65535.5, 65536.0,
          2.0 ** 31 - 1, 2.0 ** 31 - 0.5, 2.0 ** 31, 2.0 ** 31 + 1, 2.0 ** 32 - 1, 2.0 ** 32 - 0.5, 2.0 ** 32,
          2.0 ** 63, 2.0 ** 64, 2.0 ** 62, 2.0 ** 24, 2.0 ** 53, 1e30, 1e300, 65504.0]


def fset(bits_of, ebits, mbits):
    tot = 1 + ebits + mbits
    m = (1 << tot) - 1
    s = set()
    expall = ((1 << ebits) - 1) << mbits
    sign = 1 << (tot - 1)
    for sg in (0, sign):
        s.add(sg)                               # +-0
        s.add(sg | expall)                      # +-inf
        s.add(sg | expall | (1 << (mbits - 1)))  # qNaN
        s.add(sg | expall | 1)                  # sNaN
        s.add(sg | expall | ((1 << mbits) - 1))
        s.add(sg | expall | (1 << (mbits - 1)) | 1)
        s.add(sg | expall | (1 << (mbits - 2)))
        for d in (1, 2, 3, (1 << mbits) - 1, 1 << (mbits - 1)):
            s.add(sg | d)                        # subnormals
        s.add(sg | (1 << mbits))                # min normal
        s.add(sg | (expall - (1 << mbits)) | ((1 << mbits) - 1))   # max finite
    for b in BOUNDS:
        for sgn in (1.0, -1.0):
            try:
                c = bits_of(sgn * b)
            except (OverflowError, struct.error):
                continue
            for d in range(-6, 7):
                v = (c + d) & m
                s.add(v)
    return s


def f16bits(x):
    import numpy as np
    return int(np.array([x], dtype=np.float16).view(np.uint16)[0])


f32s = fset(f32bits, 8, 23)
for e in range(256):
    for _ in range(6):
        s = R.getrandbits(1) << 31
        f32s.add(s | (e << 23) | R.getrandbits(23))
for _ in range(3000):
    x = R.uniform(-70000, 70000) if R.random() < 0.5 else R.uniform(-300, 300)
    f32s.add(f32bits(x))
    f32s.add(f32bits(round(x * 2) / 2.0))   # exact halves
for _ in range(1000):
    f32s.add(rnd(32))
S('f32', [(v,) for v in sorted(f32s)])

f64s = fset(f64bits, 11, 52)
for e in range(2048):
    for _ in range(3):
        s = R.getrandbits(1) << 63
        f64s.add(s | (e << 52) | R.getrandbits(52))
for _ in range(3000):
    x = R.uniform(-70000, 70000) if R.random() < 0.5 else R.uniform(-300, 300)
    f64s.add(f64bits(x))
    f64s.add(f64bits(round(x * 2) / 2.0))
for _ in range(1000):
    f64s.add(rnd(64))
# integer-boundary neighbours exactly representable in f64
for b in [2.0 ** 31, 2.0 ** 32, 2.0 ** 63, 2.0 ** 64, 128.0, 256.0, 32768.0, 65536.0]:
    for sgn in (1, -1):
        for dd in (-1.5, -1.0, -0.75, -0.5, -0.25, 0.25, 0.5, 0.75, 1.0, 1.5):
            f64s.add(f64bits(sgn * b + dd))
S('f64', [(v,) for v in sorted(f64s)])
S('f16', [(v,) for v in range(1 << 16)])

ITYPES = ['s8', 'u8', 's16', 'u16', 's32', 'u32', 's64', 'u64']


def ibits(t):
    return int(t[1:])


def reg_for(t):
    return {8: 'h', 16: 'h', 32: 'r', 64: 'l'}[ibits(t)]


FCLS = {'f32': 'f', 'f64': 'd', 'f16': 'h'}
for ft in ('f32', 'f64', 'f16'):
    for dt in ITYPES:
        for rm in ('rni', 'rzi', 'rmi', 'rpi'):
            T('cvt_%s_%s_%s' % (rm, dt, ft), ft, 'cvt.%s.%s.%s %%0, %%1;' % (rm, dt, ft), reg_for(dt), [FCLS[ft]],
              fam='cvtf2i', rm=rm, dt=dt, ft=ft, ftz=False, sat=False)
            if ft == 'f32':
                T('cvt_%s_ftz_%s_%s' % (rm, dt, ft), ft, 'cvt.%s.ftz.%s.%s %%0, %%1;' % (rm, dt, ft), reg_for(dt),
                  [FCLS[ft]], fam='cvtf2i', rm=rm, dt=dt, ft=ft, ftz=True, sat=False)
        T('cvt_rzi_sat_%s_%s' % (dt, ft), ft, 'cvt.rzi.sat.%s.%s %%0, %%1;' % (dt, ft), reg_for(dt), [FCLS[ft]],
          fam='cvtf2i', rm='rzi', dt=dt, ft=ft, ftz=False, sat=True)
        wide = []
        if ibits(dt) <= 16:
            wide.append('r')
        if ibits(dt) <= 32:
            wide.append('l')
        for wr in wide:
            for rm in ('rzi', 'rni'):
                T('cvt_%s_%s_%s_into%s' % (rm, dt, ft, wr), ft, 'cvt.%s.%s.%s %%0, %%1;' % (rm, dt, ft), wr,
                  [FCLS[ft]], fam='cvtf2i', rm=rm, dt=dt, ft=ft, ftz=False, sat=False)

ivals = set()
for b in [0, 1, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32,
          2 ** 63 - 1, 2 ** 63, 2 ** 64 - 1]:
    for sgn in (1, -1):
        for d in (-2, -1, 0, 1, 2):
            ivals.add((sgn * b + d) & M64)
for _ in range(2000):
    ivals.add(rnd_mag(64))
for _ in range(500):
    ivals.add(rnd(64))
# values whose low byte / low half is a boundary but higher bits junk
for _ in range(300):
    for lo in (0x7F, 0x80, 0xFF, 0x00, 0x7FFF, 0x8000, 0xFFFF):
        hi = rnd(64)
        k = 8 if lo <= 0xFF and R.random() < 0.5 else 16
        ivals.add(((hi >> k) << k) | lo)
S('int', [(v,) for v in sorted(ivals)])
for dt in ITYPES:
    for at in ITYPES:
        if dt == at:
            continue
        for sat in (False, True):
            sn = '.sat' if sat else ''
            T('cvt%s_%s_%s' % (sn.replace('.', '_'), dt, at), 'int', 'cvt%s.%s.%s %%0, %%1;' % (sn, dt, at),
              reg_for(dt), [reg_for(at)], fam='cvti2i', dt=dt, at=at, sat=sat)
            # wide destination registers
            wd = []
            if ibits(dt) <= 16 and ibits(at) <= 32:
                wd.append('r')
            if ibits(dt) <= 32 and (ibits(at) >= 32 or dt in ('s8', 'u8')):
                wd.append('l')
            for wr in wd:
                T('cvt%s_%s_%s_into%s' % (sn.replace('.', '_'), dt, at, wr), 'int', 'cvt%s.%s.%s %%0, %%1;' % (sn, dt, at),
                  wr, [reg_for(at)], fam='cvti2i', dt=dt, at=at, sat=sat)
            # wide source registers (upper bits junk)
            ws = []
            if ibits(at) <= 16:
                ws.append('r')
            if ibits(at) <= 32 and at in ('s8', 'u8', 's16', 's32', 'u32'):
                ws.append('l')
            if ibits(dt) >= 32 or dt in ('s8', 'u8', 'u16', 's16'):
                for wsr in ws:
                    if dt in ('s32', 'u32', 's64', 's16', 'u8') or ibits(at) == 8:
                        T('cvt%s_%s_%s_from%s' % (sn.replace('.', '_'), dt, at, wsr), 'int',
                          'cvt%s.%s.%s %%0, %%1;' % (sn, dt, at), reg_for(dt), [wsr], fam='cvti2i', dt=dt, at=at, sat=sat)

# ---------------------------------------------------------------- 6. mul24 / mad24 / sad / dp4a / dp2a / prmt

recs = []
sp32 = specials(32)
for _ in range(12000):
    def v():
        k = R.random()
        if k < 0.3:
            return rnd(32)
        if k < 0.5:
            return rnd(24) | (1 << 23) | (rnd(8) << 24)
        if k < 0.6:
            return R.choice(sp32)
        if k < 0.8:
            return rnd(24)
        return rnd_mag(32)
    recs.append((v(), v(), v()))
for a in [0, 1, 0x7FFFFF, 0x800000, 0xFFFFFF, 0xFF800000, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x00FFFFFF, 0x01000000]:
    for b in [0, 1, 0x7FFFFF, 0x800000, 0xFFFFFF, 0xFF800000, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x00FFFFFF, 0x01000000]:
        for c in [0, 1, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000]:
            recs.append((a, b, c))
S('tri32', recs)
for mode in ('hi', 'lo'):
    for sg in ('s', 'u'):
        T('mul24_%s_%s32' % (mode, sg), 'tri32', 'mul24.%s.%s32 %%0, %%1, %%2;' % (mode, sg), 'r', ['r', 'r'],
          fam='mul24', mode=mode, sg=sg)
        T('mad24_%s_%s32' % (mode, sg), 'tri32', 'mad24.%s.%s32 %%0, %%1, %%2, %%3;' % (mode, sg), 'r', ['r', 'r', 'r'],
          fam='mad24', mode=mode, sg=sg, sat=False)
T('mad24_hi_sat_s32', 'tri32', 'mad24.hi.sat.s32 %0, %1, %2, %3;', 'r', ['r', 'r', 'r'], fam='mad24', mode='hi',
  sg='s', sat=True)
T('mad_hi_sat_s32', 'tri32', 'mad.hi.sat.s32 %0, %1, %2, %3;', 'r', ['r', 'r', 'r'], fam='madhisat')
T('add_sat_s32', 'tri32', 'add.sat.s32 %0, %1, %2;', 'r', ['r', 'r'], fam='addsat', op='add')
T('sub_sat_s32', 'tri32', 'sub.sat.s32 %0, %1, %2;', 'r', ['r', 'r'], fam='addsat', op='sub')
for sg in ('s', 'u'):
    T('sad_%s32' % sg, 'tri32', 'sad.%s32 %%0, %%1, %%2, %%3;' % sg, 'r', ['r', 'r', 'r'], fam='sad', sg=sg, w=32)
for at in ('s', 'u'):
    for bt in ('s', 'u'):
        T('dp4a_%s32_%s32' % (at, bt), 'tri32', 'dp4a.%s32.%s32 %%0, %%1, %%2, %%3;' % (at, bt), 'r', ['r', 'r', 'r'],
          fam='dp4a', at=at, bt=bt)
        for mode in ('lo', 'hi'):
            T('dp2a_%s_%s32_%s32' % (mode, at, bt), 'tri32', 'dp2a.%s.%s32.%s32 %%0, %%1, %%2, %%3;' % (mode, at, bt),
              'r', ['r', 'r', 'r'], fam='dp2a', mode=mode, at=at, bt=bt)
S('tri16', [(R.choice(specials(16)) if R.random() < 0.3 else rnd(16), R.choice(specials(16)) if R.random() < 0.3 else rnd(16),
             rnd(16)) for _ in range(8000)])
S('tri64', [(R.choice(specials(64)) if R.random() < 0.3 else rnd_mag(64), R.choice(specials(64)) if R.random() < 0.3 else rnd_mag(64),
             rnd_mag(64)) for _ in range(8000)])
for sg in ('s', 'u'):
    T('sad_%s16' % sg, 'tri16', 'sad.%s16 %%0, %%1, %%2, %%3;' % sg, 'h', ['h', 'h', 'h'], fam='sad', sg=sg, w=16)
    T('sad_%s64' % sg, 'tri64', 'sad.%s64 %%0, %%1, %%2, %%3;' % sg, 'l', ['l', 'l', 'l'], fam='sad', sg=sg, w=64)

pa = [(0x8B7A3CF1, 0x16E5D2A4), (0x7F80FF00, 0x01FE807F)]
recs = [(a, b, c) for (a, b) in pa for c in range(1 << 16)]
S('prmt_gen', recs)
S('prmt_rnd', [(rnd(32), rnd(32), rnd(32)) for _ in range(16384)])
T('prmt_default', 'prmt_gen', 'prmt.b32 %0, %1, %2, %3;', 'r', ['r', 'r', 'r'], fam='prmt', mode='')
T('prmt_default_rnd', 'prmt_rnd', 'prmt.b32 %0, %1, %2, %3;', 'r', ['r', 'r', 'r'], fam='prmt', mode='')
for mode in ('f4e', 'b4e', 'rc8', 'ecl', 'ecr', 'rc16'):
    T('prmt_%s' % mode, 'prmt_rnd', 'prmt.b32.%s %%0, %%1, %%2, %%3;' % mode, 'r', ['r', 'r', 'r'], fam='prmt', mode=mode)

# ---------------------------------------------------------------- 7. testp

tp32 = set()
for e in range(256):
    for mm in (0, 1, 2, 0x400000, 0x7FFFFF, 0x3FFFFF, 0x400001) + tuple(rnd(23) for _ in range(5)):
        for sg in (0, 1):
            tp32.add((sg << 31) | (e << 23) | mm)
S('tp32', [(v,) for v in sorted(tp32)])
tp64 = set()
for e in range(2048):
    for mm in (0, 1, 1 << 51, (1 << 52) - 1, (1 << 51) + 1, rnd(52)):
        for sg in (0, 1):
            tp64.add((sg << 63) | (e << 52) | mm)
S('tp64', [(v,) for v in sorted(tp64)])
for ft, cls, st in (('f32', 'f', 'tp32'), ('f64', 'd', 'tp64')):
    for op in ('finite', 'infinite', 'number', 'notanumber', 'normal', 'subnormal'):
        T('testp_%s_%s' % (op, ft), st,
          '{ .reg .pred p; testp.%s.%s p, %%1; selp.u32 %%0, 1, 0, p; }' % (op, ft), 'r', [cls],
          fam='testp', op=op, ft=ft)

# ---------------------------------------------------------------- 8. min/max x2, relu, abs/neg, 16-bit promotion

h16 = [0, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF, 0xFFFE, 0x0100, 0x00FF]
recs = []
for a_lo in h16:
    for a_hi in h16:
        for b_lo in h16[:5]:
            for b_hi in h16[:5]:
                recs.append((a_lo | (a_hi << 16), b_lo | (b_hi << 16)))
for _ in range(8000):
    recs.append((rnd(32), rnd(32)))
for v in specials(32):
    for u in specials(32)[::7]:
        recs.append((v, u))
S('x2', recs)
for op in ('min', 'max'):
    for ty, relu in (('s16x2', False), ('u16x2', False), ('s16x2', True), ('s32', True), ('s32', False), ('u32', False)):
        rl = '.relu' if relu else ''
        T('%s%s_%s' % (op, rl.replace('.', '_'), ty), 'x2', '%s%s.%s %%0, %%1, %%2;' % (op, rl, ty), 'r', ['r', 'r'],
          fam='minmax', op=op, ty=ty, relu=relu)
for w in (16, 32, 64):
    cls = {16: 'h', 32: 'r', 64: 'l'}[w]
    for op in ('abs', 'neg'):
        T('%s_s%d' % (op, w), 'int', '%s.s%d %%0, %%1;' % (op, w), cls, [cls], fam='absneg', op=op, w=w)
# 16-bit promotion visibility
P16 = [
    ('p16_add_shr', '{ .reg .u16 t; add.u16 t, %1, %2; shr.u16 %0, t, 1; }'),
    ('p16_mul_shr', '{ .reg .u16 t; mul.lo.u16 t, %1, %2; shr.u16 %0, t, 4; }'),
    ('p16_adds_shr', '{ .reg .s16 t; add.s16 t, %1, %2; shr.s16 %0, t, 1; }'),
    ('p16_sub_shr', '{ .reg .u16 t; sub.u16 t, %1, %2; shr.u16 %0, t, 3; }'),
    ('p16_shl_shr', '{ .reg .u16 t; shl.b16 t, %1, 4; shr.u16 %0, t, 4; }'),
]
for nm, a in P16:
    T(nm, 'tri16', a, 'h', ['h', 'h'], fam='p16')
T('p16_add_cvt32', 'tri16', '{ .reg .u16 t; add.u16 t, %1, %2; cvt.u32.u16 %0, t; }', 'r', ['h', 'h'], fam='p16')
T('p16_mul_cvt32', 'tri16', '{ .reg .u16 t; mul.lo.u16 t, %1, %2; cvt.u32.u16 %0, t; }', 'r', ['h', 'h'], fam='p16')
T('p16_add_movb32', 'tri16', '{ .reg .u16 t; add.u16 t, %1, %2; mov.b32 %0, {t, t}; }', 'r', ['h', 'h'], fam='p16')

# ---------------------------------------------------------------- emit

CTYPE = {'h': 'unsigned short', 'r': 'unsigned int', 'l': 'unsigned long long', 'f': 'float', 'd': 'double'}


def load(cls, expr):
    if cls == 'f':
        return '__uint_as_float((unsigned int)(%s))' % expr
    if cls == 'd':
        return '__longlong_as_double((long long)(%s))' % expr
    return '(%s)(%s)' % (CTYPE[cls], expr)


def store(cls, v):
    if cls == 'f':
        return '(unsigned long long)__float_as_uint(%s)' % v
    if cls == 'd':
        return '(unsigned long long)__double_as_longlong(%s)' % v
    return '(unsigned long long)(%s)' % v


def emit(exclude=()):
    setnames = sorted(SETS)
    os.makedirs(os.path.join(HERE, 'in'), exist_ok=True)
    for sn in setnames:
        with open(os.path.join(HERE, 'in', sn + '.bin'), 'wb') as f:
            import array
            a = array.array('Q')
            for r in SETS[sn]:
                a.extend(r)
            f.write(a.tobytes())
    tests = [t for t in TESTS if t['name'] not in exclude]
    NTU = 8
    chunks = [tests[i::NTU] for i in range(NTU)]
    for ci, ch in enumerate(chunks):
        L = ['#include <cstdint>', '']
        for t in ch:
            L.append('__global__ void k_%s(const unsigned long long* __restrict__ in, unsigned long long* __restrict__ out, int n) {' % t['name'])
            L.append('  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;')
            ops = []
            for j, c in enumerate(t['srcs']):
                L.append('  %s s%d = %s;' % (CTYPE[c], j, load(c, 'in[4*(size_t)i+%d]' % j)))
                ops.append('"%s"(s%d)' % (c, j))
            L.append('  %s d;' % CTYPE[t['dst']])
            L.append('  asm volatile("%s" : "=%s"(d) : %s);' % (t['asm'], t['dst'], ', '.join(ops)))
            L.append('  out[i] = %s;' % store(t['dst'], 'd'))
            L.append('}')
        L.append('typedef void (*kfn)(const unsigned long long*, unsigned long long*, int);')
        L.append('struct TEnt { const char* name; const char* set; kfn f; };')
        L.append('extern const TEnt tab%d[] = {' % ci)
        for t in ch:
            L.append('  {"%s", "%s", k_%s},' % (t['name'], t['set'], t['name']))
        L.append('  {0, 0, 0}};')
        with open(os.path.join(HERE, 'k%d.cu' % ci), 'w') as f:
            f.write('\n'.join(L) + '\n')
    with open(os.path.join(HERE, 'tests.json'), 'w') as f:
        json.dump(dict(tests=tests, sets={k: len(v) for k, v in SETS.items()}), f, indent=0)
    print('sets', len(SETS), 'records', sum(len(v) for v in SETS.values()), 'tests', len(tests))


if __name__ == '__main__':
    excl = set()
    p = os.path.join(HERE, 'exclude.txt')
    if os.path.exists(p):
        excl = set(x.strip() for x in open(p) if x.strip())
    emit(excl)
