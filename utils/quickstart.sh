#!/usr/bin/env bash
# The main job: set up, build, compile the seed example to PTX and print it,
# then run it (on the GPU, or on the CPU backend where there is none).
set -euo pipefail
cd "$(dirname "$0")/.."
# Only the tools it runs (and what they link); utils/test.sh builds the rest.
TILE_BUILD_TARGETS="tile-translate tile-runner" bash utils/setup.sh
echo "== PTX of examples/affine_fma.mlir (sm_90)"
./build/bin/tile-translate --mlir-to-ptx examples/affine_fma.mlir | tee build/affine_fma.ptx
if command -v /usr/local/cuda/bin/ptxas >/dev/null 2>&1; then
  /usr/local/cuda/bin/ptxas -arch=sm_90 build/affine_fma.ptx -o build/affine_fma.cubin
  echo "== ptxas -arch=sm_90 accepted it"
fi
# tile-runner picks the backend: the GPU where a CUDA driver and device are
# present, the CPU backend (bit-exact PTX semantics on the host) otherwise.
echo "== running it (Out = 2*A + 1 with A = [3, 5, 7, 11])"
./build/bin/tile-runner examples/affine_fma.mlir
