#!/usr/bin/env bash
# Builds tile-mlir with AddressSanitizer + UndefinedBehaviorSanitizer (clang
# 22, into build-san/, the same build the fuzzers use) and runs the whole
# test suite on it. Any sanitizer report fails the test that triggered it.
# Closes with "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/tile-mlir-ccache}"
bash utils/configure-san.sh
cmake --build build-san -j "${TILE_JOBS:-2}" --target all mlir-doc
# Leaks are not checked: MLIR keeps process-lifetime singletons.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
python3 utils/run_lit.py build-san/test
