#!/usr/bin/env bash
# prepare (here): compile every variant into .carry/tma_facts/.
# run (on the GPU machine, from the repository root): run them, printing
# the coordinate-alignment log, then the NaN-fill log.
set -uo pipefail
cd "$(dirname "$0")/../../.."
dir=.carry/tma_facts
case "${1:-}" in
prepare)
  mkdir -p "$dir"
  for f in utils/measure/tma_facts/*.mlir; do
    ./build/bin/tile-runner "$f" --emit-exe="$dir/$(basename "$f" .mlir)"
  done ;;
run)
  for v in xc16 xc4 xc2 xc13 xc14 xcm4 xcm2 va st17 vc vb vh vd; do
    echo "== $v"
    "$dir/$v" 2>&1 | grep -v "^tile-runtime" | head -4 | cut -c1-300
  done ;;
*) echo "usage: $0 prepare|run" >&2; exit 2 ;;
esac
