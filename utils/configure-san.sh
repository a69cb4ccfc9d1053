#!/usr/bin/env bash
# Installs clang 22 (with its sanitizer and libFuzzer runtimes) if needed and
# configures build-san/: ASan + UBSan, the libFuzzer harnesses (TILE_FUZZ).
# Used by utils/fuzz.sh and utils/sanitize.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash utils/setup.sh --deps-only
if ! command -v clang++-22 >/dev/null || [ ! -d /usr/lib/llvm-22/lib/clang/22/lib/linux ]; then
  SUDO=""; [ "$(id -u)" != 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq clang-22 libclang-rt-22-dev >/dev/null
fi
if [ ! -f build-san/build.ninja ]; then
  CC=clang-22 CXX=clang++-22 cmake -G Ninja -S . -B build-san \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" -DTILE_FUZZ=ON >/dev/null
fi
