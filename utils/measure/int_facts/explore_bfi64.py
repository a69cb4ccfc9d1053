from common import *
import numpy as np
def bfi(I, w, pm, lm):
    msb=w-1
    a = I[:, 0] & np.uint64((1<<w)-1); b = I[:, 1] & np.uint64((1<<w)-1)
    pos = (I[:, 2] & np.uint64(pm)).astype(np.int64)
    ln = (I[:, 3] & np.uint64(lm)).astype(np.int64)
    f = b.copy()
    for i in range(w):
        dst = pos + i
        take = (i < ln) & (dst <= msb)
        abit = (a >> np.uint64(i)) & np.uint64(1)
        sh = np.minimum(dst, msb).astype(np.uint64)
        f = np.where(take, (f & ~(np.uint64(1) << sh)) | (abit << sh), f)
    return f
for nm in ('bfi_b64j','bfi_b64','bfi_b32j'):
    t,I,O=get(nm)
    w=64 if '64' in nm else 32
    for pm in (0xFF, 0xFFFFFFFF):
        for lm in (0xFF, 0xFFFFFFFF):
            f=bfi(I,w,pm,lm); bad=np.nonzero(f!=O)[0]
            print(nm, hex(pm), hex(lm), 'mismatch', len(bad), [(hex(int(I[k,0])),hex(int(I[k,1])),hex(int(I[k,2])),hex(int(I[k,3])),hex(int(O[k])),hex(int(f[k]))) for k in bad[:3]])
