#!/usr/bin/env bash
# Builds tile-mlir with AddressSanitizer + UndefinedBehaviorSanitizer (clang
# 22, into build-san/, the same build the fuzzers use) and runs the whole
# test suite on it. Any sanitizer report fails the test that triggered it.
# Closes with "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
bash utils/setup.sh --deps-only
if ! command -v clang++-22 >/dev/null; then
  SUDO=""; [ "$(id -u)" != 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq clang-22 libclang-rt-22-dev >/dev/null
fi
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/tile-mlir-ccache}"
if [ ! -f build-san/build.ninja ]; then
  CC=clang-22 CXX=clang++-22 cmake -G Ninja -S . -B build-san \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" -DTILE_FUZZ=ON >/dev/null
fi
cmake --build build-san -j "${TILE_JOBS:-2}" --target all mlir-doc
# Leaks are not checked: MLIR keeps process-lifetime singletons.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
python3 utils/run_lit.py build-san/test
