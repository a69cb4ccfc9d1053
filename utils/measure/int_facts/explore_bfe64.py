from common import *
import numpy as np
def bfe_full(I, w, sg, posmask, lenmask, wrap32=False):
    msb = w - 1
    a = I[:, 0] & np.uint64((1 << w) - 1)
    pos = (I[:, 1] & np.uint64(posmask)).astype(np.int64)
    ln = (I[:, 2] & np.uint64(lenmask)).astype(np.int64)
    if sg == 'u':
        sbit = np.zeros(len(a), dtype=np.uint64)
    else:
        e = pos + ln - 1
        if wrap32: e = e & 0xFFFFFFFF
        sp = np.maximum(np.minimum(e, msb), 0)
        sbit = (a >> sp.astype(np.uint64)) & np.uint64(1)
        sbit[ln == 0] = 0
    d = np.zeros(len(a), dtype=np.uint64)
    for i in range(w):
        src = pos + i
        take = (i < ln) & (src <= msb)
        bit = (a >> np.minimum(src, msb).astype(np.uint64)) & np.uint64(1)
        d |= np.where(take, bit, sbit) << np.uint64(i)
    return d
for nm, sg in (('bfe_u64j','u'),('bfe_s64j','s'),('bfe_u64','u'),('bfe_s64','s')):
    t,I,O=get(nm)
    for pm in (0xFF, 0xFFFFFFFF):
        for lm in (0xFF, 0xFFFFFFFF):
            for wr in (False, True):
                d=bfe_full(I,64,sg,pm,lm,wr)
                print(nm, hex(pm), hex(lm), 'wrap32' if wr else '', 'mismatch', int(np.sum(d!=O)))
