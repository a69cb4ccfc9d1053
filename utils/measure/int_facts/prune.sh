#!/bin/bash
# find kernels ptxas rejects; append to exclude.txt; regenerate
set -e
cd "$(dirname "$0")"
touch exclude.txt
for it in 1 2 3 4; do
  python3 gen.py >/dev/null
  bad=0
  for i in 0 1 2 3 4 5 6 7; do
    rm -rf /tmp/kk$i; mkdir -p /tmp/kk$i
    if ! nvcc -arch=sm_90 -c k$i.cu -o /tmp/kk$i/k.o -keep -keep-dir /tmp/kk$i >/tmp/err$i.txt 2>&1; then
      cp /tmp/kk$i/k$i.ptx /tmp/k$i.ptx
      bad=1
      python3 - $i <<'PY'
import re,sys
i=sys.argv[1]
lines=open('/tmp/k%s.ptx'%i).read().split('\n')
errs=open('/tmp/err%s.txt'%i).read()
out=set()
for m in re.finditer(r'line (\d+); error\s*:\s*(.*)', errs):
    ln=int(m.group(1))
    for j in range(ln-1,-1,-1):
        mm=re.search(r'\.entry\s+_Z\d+k_(\w+?)PK',lines[j])
        if mm:
            out.add(mm.group(1)); print(mm.group(1), '|', m.group(2)); break
with open('exclude.txt','a') as f:
    for o in sorted(out): f.write(o+'\n')
PY
    fi
  done
  [ $bad = 0 ] && break
done
python3 gen.py
