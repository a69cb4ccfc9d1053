from common import *
from collections import Counter
def sx(v, w):
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v
for w in (16, 32, 64):
    m = (1 << w) - 1
    for op in ('div', 'rem'):
        for sg in ('s', 'u'):
            for var in ('', '_imm0', '_immm1'):
                nm = '%s_%s%d%s' % (op, sg, w, var)
                if nm not in TESTS: continue
                t, I, O = get(nm)
                A = [int(x) & m for x in I[:, 0]]; B = [int(x) & m for x in I[:, 1]]; D = [int(x) & m for x in O]
                if var == '_imm0': B = [0] * len(A)
                if var == '_immm1': B = [m] * len(A)
                ok = bad = 0; z = Counter(); zr = Counter(); ovf = Counter(); badex = []
                for a, b, d in zip(A, B, D):
                    if sg == 's':
                        sa, sb = sx(a, w), sx(b, w)
                    else:
                        sa, sb = a, b
                    if sb == 0:
                        # rules
                        rules = []
                        if d == m: rules.append('allones')
                        if d == a: rules.append('=a')
                        if d == 0: rules.append('0')
                        if sg == 's' and d == (m >> 1 if sa >= 0 else (m >> 1) + 1): rules.append('satINT')
                        if sg == 's' and d == ((m if sa >= 0 else 1) & m): rules.append('-1/+1')
                        z[tuple(rules) if rules else ('other',)] += 1
                        continue
                    if sg == 's' and sa == -(1 << (w - 1)) and sb == -1:
                        ovf[hex(d)] += 1; continue
                    q = abs(sa) // abs(sb); q = q if (sa < 0) == (sb < 0) else -q
                    r = sa - q * sb
                    e = (q if op == 'div' else r) & m
                    if e == d: ok += 1
                    else:
                        bad += 1
                        if len(badex) < 5: badex.append((hex(a), hex(b), hex(d), hex(e)))
                print(nm, 'n=%d normal ok=%d bad=%d' % (len(A), ok, bad), 'by0:', dict(z), 'MIN/-1:', dict(ovf), badex)
