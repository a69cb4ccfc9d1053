import numpy as np
from common2 import *
def bfe(a, pos, ln, w, sg):
    msb = w - 1
    if sg == 'u':
        sbit = np.zeros(len(a), dtype=np.uint64)
    else:
        sp = np.maximum(np.minimum(pos + ln - 1, msb), 0)
        sbit = (a >> sp.astype(np.uint64)) & np.uint64(1)
        sbit[ln == 0] = 0
    d = np.zeros(len(a), dtype=np.uint64)
    for i in range(w):
        src = pos + i
        take = (i < ln) & (src <= msb)
        bit = (a >> np.minimum(src, msb).astype(np.uint64)) & np.uint64(1)
        d |= np.where(take, bit, sbit) << np.uint64(i)
    return d
def bfi(a, b, pos, ln, w):
    msb = w - 1; f = b.copy()
    for i in range(w):
        dst = pos + i
        take = (i < ln) & (dst <= msb)
        abit = (a >> np.uint64(i)) & np.uint64(1)
        sh = np.minimum(dst, msb).astype(np.uint64)
        f = np.where(take, (f & ~(np.uint64(1) << sh)) | (abit << sh), f)
    return f
for nm, t in TESTS.items():
    if t['fam'] not in ('bfe', 'bfe_ipos', 'bfe_ilen', 'bfi'): continue
    _, I, O = get(nm); w = t['w']; M = np.uint64((1 << w) - 1)
    a = I[:, 0] & M
    if t['fam'] == 'bfi':
        b = I[:, 1] & M; P = I[:, 2]; L = I[:, 3]
    else:
        P = I[:, 1]; L = I[:, 2]
        if t['fam'] == 'bfe_ipos': P = np.full(len(a), t['ip'], dtype=np.uint64)
        if t['fam'] == 'bfe_ilen': L = np.full(len(a), t['il'], dtype=np.uint64)
    res = []
    for pm in (0xFF, 0xFFFFFFFF):
        for lm in (0xFF, 0xFFFFFFFF):
            p = (P & np.uint64(pm)).astype(np.int64); l = (L & np.uint64(lm)).astype(np.int64)
            d = bfi(a, b, p, l, w) if t['fam'] == 'bfi' else bfe(a, p, l, w, t['sg'])
            res.append(('pos&%x' % pm, 'len&%x' % lm, int(np.sum(d != O))))
    print('%-22s n=%d' % (nm, len(a)), res)
