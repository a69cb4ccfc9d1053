#!/usr/bin/env bash
# Builds here everything the GPU machine needs (it has CUDA but no MLIR) into
# .carry/: the seed example as a native executable, the runtime check, the
# differential-test harness and its PTX. Then: device run with carry=[".carry"]
# and command "bash utils/gpu-check.sh".
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build -j2 >/dev/null
rm -rf .carry && mkdir -p .carry
./build/bin/tile-runner examples/affine_fma.mlir --emit-exe=.carry/affine_fma
cp build/bin/tile-runtime-check .carry/
for f in test/Integration/CUDA/*.mlir; do
  [ -e "$f" ] || continue
  ./build/bin/tile-runner "$f" --emit-exe=".carry/$(basename "$f" .mlir)"
done
if [ -x build/bin/tile-fma-diff ]; then
  cp build/bin/tile-fma-diff .carry/
  python3 utils/gen_fma_diff.py --tools-dir build/bin --out .carry/fma
fi
du -sh .carry
