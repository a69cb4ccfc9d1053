#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang 22, ASan + UBSan) into build-san/
# and runs each on the seed corpus in fuzz/corpus.
#
#   utils/fuzz.sh                  # every harness for 60 s (CI's run)
#   utils/fuzz.sh 600              # every harness for 600 s
#   utils/fuzz.sh runs=1000000     # every harness for 10^6 executions
#   FUZZ_HARNESSES="decode lower" utils/fuzz.sh ...
#   TILE_FUZZ_SEED=0 utils/fuzz.sh 600   # a random seed (default: 1)
#
# The default seed is fixed, so that CI's short run repeats the mutations a
# developer's run of the same length made (a slower machine makes a prefix
# of them); longer runs and other seeds explore.
#
# A crash, a sanitizer report, a timeout or a broken invariant stops the
# harness; the reproducer is left in build-san/fuzz-artifacts. The new corpus
# entries stay in build-san/fuzz-corpus (not in the repository). Closes with
# "N passed, N failed" (one count per harness).
set -uo pipefail
cd "$(dirname "$0")/.."
limit="${1:-60}"
harnesses="${FUZZ_HARNESSES:-decode lower ptx}"

export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/tile-mlir-ccache}"
bash utils/configure-san.sh || exit 1
targets=""
for h in $harnesses; do targets="$targets tile-fuzz-$h"; done
cmake --build build-san -j "${TILE_JOBS:-2}" --target $targets || exit 1

ptxas="${PTXAS:-/usr/local/cuda/bin/ptxas}"
[ -x "$ptxas" ] && export TILE_FUZZ_PTXAS="$ptxas"
mkdir -p build-san/fuzz-artifacts
passed=0 failed=0
for h in $harnesses; do
  seeds=fuzz/corpus/ir; opts=(-max_len=4096 -dict=fuzz/tile.dict -timeout=30)
  if [ "$h" = decode ]; then seeds=fuzz/corpus/decode; opts=(-max_len=96); fi
  work="build-san/fuzz-corpus/$h"
  mkdir -p "$work"
  case "$limit" in
    runs=*) budget=(-runs="${limit#runs=}") ;;
    *) budget=(-max_total_time="$limit") ;;
  esac
  log="build-san/fuzz-$h.log"
  echo "== tile-fuzz-$h ${budget[*]}"
  ASAN_OPTIONS=detect_leaks=0 build-san/bin/tile-fuzz-$h "${opts[@]}" "${budget[@]}" \
    -seed="${TILE_FUZZ_SEED:-1}" -print_final_stats=1 -artifact_prefix=build-san/fuzz-artifacts/$h- \
    "$work" "$seeds" >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  if [ $rc = 0 ]; then
    echo "PASS tile-fuzz-$h: ${execs:-?} executions, $cov, no crash"
    passed=$((passed + 1))
  else
    echo "FAIL tile-fuzz-$h (exit $rc):"; tail -30 "$log"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ $failed = 0 ]
