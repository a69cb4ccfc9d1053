#!/usr/bin/env bash
# prepare (here): generate reduce.mlir and compile it into
# .carry/bulk_reduce/reduce. run (on the GPU machine, from the repository
# root): run it; the printed rows are the H200's results, one per case of
# gen.py's CASES, then the tensor form's 4 x 4 words.
set -euo pipefail
cd "$(dirname "$0")/../../.."
dir=.carry/bulk_reduce
case "${1:-}" in
prepare)
  mkdir -p "$dir"
  python3 utils/measure/bulk_reduce/gen.py > "$dir/reduce.mlir"
  ./build/bin/tile-runner "$dir/reduce.mlir" --emit-exe="$dir/reduce" ;;
run)
  "$dir/reduce" ;;
*) echo "usage: $0 prepare|run" >&2; exit 2 ;;
esac
