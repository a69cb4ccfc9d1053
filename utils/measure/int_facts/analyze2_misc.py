import numpy as np
from collections import Counter
from common2 import *
from analyze import fns_model, sx
# wrap check for bfe64 sign position
t,I,O=get('g_bfe_s64')
P=I[:,1].astype(object); L=I[:,2].astype(object); A=I[:,0].astype(object)
cnt=0
for a,p,l in zip(A,P,L):
    a=int(a);p=int(p);l=int(l)
    if l>0 and p+l-1>=2**32:
        e1=(a>>63)&1; e2=(a>>min((p+l-1)&0xffffffff,63))&1
        if e1!=e2: cnt+=1
print('bfe.s64 records where a 32-bit wrap of pos+len-1 would change the sign bit:', cnt)
for nm in ('g_fns_b32','g_fns_b32_ioffmin','g_fns_b32_ibase40','g_fns_b32_ibasem1'):
    t,I,O=get(nm)
    bad=Counter(); n=0; ok=0; offmin=Counter(); outr=Counter()
    for r,d in zip(I.tolist(),O.tolist()):
        mask,b,o=r[0]&0xffffffff,r[1]&0xffffffff,r[2]&0xffffffff
        if nm.endswith('ioffmin'): o=0x80000000
        if nm.endswith('ibase40'): b=40; o=r[1]&0xffffffff
        if nm.endswith('ibasem1'): b=0xffffffff; o=r[1]&0xffffffff
        e=fns_model(mask,b,o)
        if o==0x80000000: offmin[d]+=1; continue
        if b>=32: outr[d]+=1
        n+=1
        if e==d: ok+=1
        else: bad[(hex(o), b>=32)]+=1
    print(nm, 'offset!=INT_MIN: n=%d match=%d' % (n, ok), 'bad:', dict(list(bad.items())[:10]), '| offset==INT_MIN outputs:', dict(offmin), '| base>=32 outputs (offset!=INT_MIN):', dict(outr))
