#!/usr/bin/env bash
# The matrix-move differential test, on the GPU machine: every sm_90
# ldmatrix, stmatrix and movmatrix opcode of the table (matrix_facts, nvcc's
# inline asm), N warp executions each with random sources and permuted row
# addresses, the H200's results against the reference (tile-mma-check), per
# lane and value, one opcode at a time so that only the logs stay. Prints
# one line per opcode and closes with "N passed, N failed".
# Usage: run.sh MATRIX_FACTS TILE_MMA_CHECK [EXECS] [WORKDIR]
set -uo pipefail
bin=${1:?matrix_facts}; check=${2:?tile-mma-check}
execs=${3:-100000}; work=${4:-/tmp/matrix-diff}
mkdir -p "$work"
count=$("$bin" --count)
passed=0; failed=0
for i in $(seq 0 $((count - 1))); do
  if "$bin" --instance "$i" --execs "$execs" "$work/res.$i" 2>"$work/err.$i" &&
     "$check" "$work/res.$i" > "$work/log.$i" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
  line=$(grep -E "^(PASS|FAIL) " "$work/log.$i" 2>/dev/null | head -1)
  echo "${line:-FAIL instance $i: $(tail -1 "$work/err.$i" "$work/log.$i" 2>/dev/null | tail -1)}"
  rm -f "$work/res.$i"
done
echo "$passed passed, $failed failed"
