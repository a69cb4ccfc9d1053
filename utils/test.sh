#!/usr/bin/env bash
# Set up, build (build/, once: everything the tests use) and run every
# test. Ends with "N passed, N failed".
# With TILE_FUZZ_SECONDS=N (CI's .ci/run sets 20) it also builds the
# libFuzzer harnesses (build-san/: clang 22, ASan + UBSan, a second build of
# the libraries they exercise) and runs each for N seconds; their counts
# join the total.
set -uo pipefail
cd "$(dirname "$0")/.."
bash utils/setup.sh || exit 1
fuzz_seconds="${TILE_FUZZ_SECONDS:-0}"
export TILE_EXTRA_COUNTS=""
if [ "$fuzz_seconds" != 0 ]; then
  echo "== fuzzing: each harness for ${fuzz_seconds} s (utils/fuzz.sh)"
  bash utils/fuzz.sh "$fuzz_seconds" > build/fuzz-ci.log 2>&1
  grep -E "^(PASS|FAIL)" build/fuzz-ci.log
  last=$(tail -1 build/fuzz-ci.log)
  if [[ "$last" =~ ^[0-9]+\ passed,\ [0-9]+\ failed$ ]]; then
    TILE_EXTRA_COUNTS="$last"
  else
    tail -40 build/fuzz-ci.log
    TILE_EXTRA_COUNTS="0 passed, 1 failed"
  fi
fi
python3 utils/run_lit.py build/test
