import numpy as np, math
from collections import Counter
from common2 import *
import analyze as A
from analyze import sx, mk, bfind_model, fns_model, szext_model, bmsk_model, cvtf2i_model, shift_model
REGW = {'h': 16, 'r': 32, 'l': 64}
def bfe64full(a, p, l, w, sg):
    msb = w - 1
    if w == 32: p &= 0xff; l &= 0xff
    if sg == 'u' or l == 0: sbit = 0
    else: sbit = a >> min(p + l - 1, msb) & 1
    d = 0
    for i in range(w):
        b = (a >> (p + i) & 1) if (i < l and p + i <= msb) else sbit
        d |= b << i
    return d
def bfi64full(a, b, p, l, w):
    msb = w - 1
    if w == 32: p &= 0xff; l &= 0xff
    f = b
    i = 0
    while i < l and p + i <= msb:
        f = (f & ~(1 << (p + i))) | ((a >> i & 1) << (p + i)); i += 1
    return f
def expect(t):
    op = t['op']
    if op in ('div', 'rem'):
        w = t['w']; m = mk(w); a, b = t['a'], t['b']; sg = t['ty'][0]
        if b == 0: return m
        sa, sb = (sx(a, w), sx(b, w)) if sg == 's' else (a, b)
        if sg == 's' and sa == -(1 << (w-1)) and sb == -1: return a if op == 'div' else 0
        q = abs(sa) // abs(sb); q = q if (sa < 0) == (sb < 0) else -q
        return q if op == 'div' else sa - q * sb
    if op == 'bfe': return bfe64full(t['a'], t['p'], t['l'], t['w'], t['sg'])
    if op == 'bfi': return bfi64full(t['a'], t['b'], t['p'], t['l'], t['w'])
    if op == 'fns':
        return 0 if t['off'] == 0x80000000 else (0xFFFFFFFF if t['base'] >= 32 else fns_model(t['mask'], t['base'], t['off']))
    if op == 'shift': return shift_model(t['ins'], t['w'], t['a'], t['amt'])
    if op == 'shf':
        n = min(t['n'], 32) if t['mode'] == 'clamp' else t['n'] & 31
        v = (t['b'] << 32) | t['a']
        return ((v << n) >> 32) & 0xFFFFFFFF if t['dir'] == 'l' else (v >> n) & 0xFFFFFFFF
    if op == 'szext': return szext_model(t['a'], t['n'], t['mode'], t['sg'])
    if op == 'bmsk': return bmsk_model(t['a'], t['b'], t['mode'])
    if op == 'cvtf2i': return cvtf2i_model(t['bits'], t['ft'], t['dt'], t['rm'], False, REGW[t['dst']])
    if op == 'cvti2i':
        at, dt = t['at'], t['dt']; aw = int(at[1:]); v = t['v'] & mk(aw)
        if at[0] == 's': v = sx(v, aw)
        if t['sat']:
            lo, hi = A.tlim(dt); v = max(lo, min(hi, v))
        return A.extend(v, dt, REGW[t['dst']])
    if op == 'testp':
        bits = t['bits']; ft = t['ft']
        E, Mb = (8, 23) if ft == 'f32' else (11, 52)
        e = bits >> Mb & mk(E); m_ = bits & mk(Mb)
        sub = e == 0 and m_ != 0
        return int(not sub) if t['top'] == 'normal' else int(sub)
    if op == 'mul24':
        f = (lambda x: sx(x & 0xFFFFFF, 24)) if t['sg'] == 's' else (lambda x: x & 0xFFFFFF)
        p = f(t['a']) * f(t['b'])
        return (p >> 16) & 0xFFFFFFFF if t['mode'] == 'hi' else p & 0xFFFFFFFF
    if op == 'madhisat':
        v = (sx(t['a'], 32) * sx(t['b'], 32) >> 32) + sx(t['c'], 32)
        return max(-(1 << 31), min((1 << 31) - 1, v))
    if op == 'absneg':
        w = t['w']; return 1 << (w - 1)
    raise Exception(op)
n = ok = 0; bad = []
byop = Counter(); byopok = Counter()
for nm, t in TESTS.items():
    if t['fam'] != 'fold': continue
    _, I, O = get(nm)
    d = int(O[0]); e = expect(t) & mk(REGW[t['dst']])
    n += 1; byop[t['op']] += 1
    if d == e: ok += 1; byopok[t['op']] += 1
    else: bad.append((nm, hex(d), hex(e)))
print('fold tests', n, 'match runtime rule', ok)
print({k: (byopok[k], v) for k, v in byop.items()})
for b in bad: print('  MISMATCH', b)
