#!/usr/bin/env bash
# The wgmma differential test, on the GPU machine: every instance of
# wgmma_facts (nvcc's inline asm; gen.py), EXECS warpgroup executions each
# with its own descriptors, shared memory and registers, the H200's d
# against the reference (tile-mma-check), instances in parallel; only the
# logs stay. Prints one line per instance and closes with "N passed, N
# failed".
# Usage: run.sh WGMMA_FACTS TILE_MMA_CHECK [EXECS] [WORKDIR]
set -uo pipefail
bin=${1:?wgmma_facts}; check=${2:?tile-mma-check}
execs=${3:-64}; work=${4:-/tmp/wgmma-diff}
mkdir -p "$work"
count=$("$bin" --count)
one() {
  local i=$1
  "$bin" --instance "$i" "$execs" "$work/f.$i" 2> "$work/err.$i" &&
    "$check" --show=4 "$work/f.$i" > "$work/log.$i" 2>&1
  echo "$?" > "$work/rc.$i"
  rm -f "$work/f.$i"
}
export -f one
export bin check execs work
seq 0 $((count - 1)) | xargs -P "$(nproc)" -I{} bash -c 'one {}'
passed=0; failed=0
for i in $(seq 0 $((count - 1))); do
  line=$(grep -E "^(PASS|FAIL) " "$work/log.$i" 2>/dev/null | head -1)
  if [ "$(cat "$work/rc.$i" 2>/dev/null)" = 0 ] && [[ "$line" == PASS* ]]; then
    passed=$((passed + 1))
    echo "$line"
  else
    failed=$((failed + 1))
    [ -n "$line" ] || line="FAIL instance $i: $(cat "$work/err.$i" 2>/dev/null | tail -1)"
    echo "$line"
    grep -E "^  " "$work/log.$i" 2>/dev/null | head -4
  fi
done
echo "$passed passed, $failed failed"
