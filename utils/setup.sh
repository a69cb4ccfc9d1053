#!/usr/bin/env bash
# Installs what tile-mlir needs on Debian 12 and builds it into build/.
# Idempotent: packages already present are skipped quickly.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi

pkgs=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools ninja-build
      ccache cmake g++ libmpfr-dev libgmp-dev libgtest-dev python3-pip
      libzstd-dev zlib1g-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# cuobjdump/nvdisasm (to read SASS without a GPU), pytest and pytest-xdist
# (the Python tests on every core) come from PyPI.
if ! python3 -c "import pytest, xdist, numpy, setuptools, wheel" 2>/dev/null ||
   ! ls "$(python3 -c 'import site; print(site.getsitepackages()[0])')"/nvidia/cu13/bin/cuobjdump >/dev/null 2>&1; then
  echo "== installing PyPI packages"
  python3 -m pip install -q --disable-pip-version-check \
    nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm pytest pytest-xdist numpy \
    ml_dtypes setuptools wheel 2>&1 | grep -v "WARNING: Running pip as" || true
fi

# utils/sanitize.sh and utils/fuzz.sh only need the packages.
if [ "${1:-}" = --deps-only ]; then exit 0; fi

export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/tile-mlir-ccache}"
if [ ! -f build/build.ninja ]; then
  cmake -G Ninja -S . -B build \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
# TILE_BUILD_TARGETS: what to build (the quick start builds only the two
# tools it runs); everything, and the generated docs the tests compare, by
# default.
targets="${TILE_BUILD_TARGETS:-all mlir-doc}"
echo "== building $targets"
cmake --build build -j "${TILE_JOBS:-2}" --target $targets
