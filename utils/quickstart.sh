#!/usr/bin/env bash
# The main job: set up, build, compile the seed example to PTX and print it;
# where a CUDA driver is present, also run it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash utils/setup.sh
echo "== PTX of examples/affine_fma.mlir (sm_90)"
./build/bin/tile-translate --mlir-to-ptx examples/affine_fma.mlir | tee build/affine_fma.ptx
if command -v /usr/local/cuda/bin/ptxas >/dev/null 2>&1; then
  /usr/local/cuda/bin/ptxas -arch=sm_90 build/affine_fma.ptx -o build/affine_fma.cubin
  echo "== ptxas -arch=sm_90 accepted it"
fi
if [ -x build/bin/tile-runner ] && python3 -c "import ctypes; ctypes.CDLL('libcuda.so.1')" 2>/dev/null; then
  echo "== running it on the GPU"
  ./build/bin/tile-runner examples/affine_fma.mlir
else
  echo "== no CUDA driver here: not running it"
fi
