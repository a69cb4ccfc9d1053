#!/usr/bin/env bash
# Runs the im2col measurement (main.cu) over configurations 0..COUNT-1,
# starting a new process after a configuration that faults (a fault ends
# the CUDA context). Usage: run.sh EXE [COUNT] [SEED] > log
set -uo pipefail
exe=$1 count=${2:-400} seed=${3:-2026}
next=0
while [ "$next" -lt "$count" ]; do
  tmp=$(mktemp)
  "$exe" "$next" $((count - next)) "$seed" > "$tmp"
  rc=$?
  cat "$tmp"
  last=$(grep -o '^CFG [0-9]*' "$tmp" | tail -1 | cut -d' ' -f2)
  rm -f "$tmp"
  if [ $rc = 0 ]; then break; fi
  if [ -z "$last" ]; then echo "FATAL: rc=$rc before any configuration"; exit 1; fi
  next=$((last + 1))
done
