#!/usr/bin/env bash
# The mma differential test, on the GPU machine: every sm_90 mma opcode of
# the table (mma_facts, nvcc's inline asm), N warp executions each with the
# generator's special values, the H200's results against the reference
# (tile-mma-check), per lane and register, opcodes in parallel; only the
# logs stay. Prints one line per opcode and closes with "N passed, N failed".
# Usage: run.sh MMA_FACTS TILE_MMA_CHECK [EXECS] [WORKDIR]
set -uo pipefail
bin=${1:?mma_facts}; check=${2:?tile-mma-check}
execs=${3:-100000}; work=${4:-/tmp/mma-diff}
mkdir -p "$work"
count=$("$bin" --count)
one() {
  local i=$1
  "$bin" --inputs-only --instance "$i" --execs "$execs" "$work/in.$i" 2>/dev/null &&
    "$bin" --instance "$i" --execs "$execs" "$work/res.$i" 2>/dev/null &&
    "$check" "$work/in.$i" "$work/res.$i" > "$work/log.$i" 2>&1
  echo "$?" > "$work/rc.$i"
  rm -f "$work/in.$i" "$work/res.$i"
}
export -f one
export bin check execs work
seq 0 $((count - 1)) | xargs -P "$(nproc)" -I{} bash -c 'one {}'
passed=0; failed=0
for i in $(seq 0 $((count - 1))); do
  line=$(grep -E "^(PASS|FAIL) " "$work/log.$i" 2>/dev/null | head -1)
  if [ "$(cat "$work/rc.$i" 2>/dev/null)" = 0 ] && [[ "$line" == PASS* ]]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    [ -n "$line" ] || line="FAIL instance $i: $(tail -1 "$work/log.$i" 2>/dev/null)"
  fi
  echo "$line"
done
echo "$passed passed, $failed failed"
