from common import *
from analyze import fns_model, sx
from collections import Counter
t,I,O=get('fns_b32')
c=Counter(); ex={}
for r,d in zip(I.tolist(),O.tolist()):
    mask,b,o=r[0]&0xFFFFFFFF,r[1]&0xFFFFFFFF,r[2]&0xFFFFFFFF
    e=fns_model(mask,b,o)
    if e!=d:
        key=(hex(o), 'b<32' if b<32 else 'b>=32')
        c[key]+=1; ex.setdefault(key,[]).append((hex(mask),hex(b),hex(d),hex(e)))
print(c)
for k,v in ex.items(): print(k, v[:12])
# for offset INT_MIN: what is gpu output distribution
g=Counter()
for r,d in zip(I.tolist(),O.tolist()):
    if r[2]&0xFFFFFFFF==0x80000000: g[(hex(r[0]&0xFFFFFFFF), hex(d))]+=1
print(sorted(g.items())[:60])
