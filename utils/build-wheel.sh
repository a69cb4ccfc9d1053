#!/usr/bin/env bash
# Builds a platform wheel of the Python front-end that carries the compiler,
# so that `pip install` needs no build tree, MLIR or environment variables:
#   tile_mlir/_lib/libTileCAPI.so      the C API with MLIR and LLVM linked
#                                      in from their archives, and its CPU
#                                      engine (needs libc, libm and the two
#                                      below)
#   tile_mlir/_lib/libmpfr.so.6, libgmp.so.10
#                                      the reference's MPFR, found through
#                                      the C API's $ORIGIN run path (as
#                                      auditwheel vendors shared libraries:
#                                      Debian's archives are not PIC)
#   tile_mlir/_lib/tile-runner         the static runner (the CPU backend)
#   tile_mlir/_lib/libtile_cuda_runtime.so
#   tile_mlir/_lib/instr_table.json    the table's export, without what only
#                                      the C++ and the utils read
# Output: build/wheel/dist/tile_mlir-<version>-py3-none-linux_x86_64.whl
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build --target TileCAPI tile-runner tile_cuda_runtime \
  tile-ptx-forms >/dev/null
bash utils/build-static-runner.sh >/dev/null
L=/usr/lib/llvm-22/lib
B=build
stage=$B/wheel/lib
rm -rf $B/wheel
mkdir -p $stage
# Only the C API's symbols (mlir*, tile*) are exported: the MLIR and LLVM
# inside stay private, so a process that loads another LLVM is unaffected.
printf '{ global: mlir*; tile*; local: *; };\n' > $B/wheel/capi.map
cp -L /usr/lib/x86_64-linux-gnu/libmpfr.so.6 /usr/lib/x86_64-linux-gnu/libgmp.so.10 \
  $stage/
c++ -shared -o $stage/libTileCAPI.so \
  $B/lib/CAPI/CMakeFiles/TileCAPI.dir/Dialect.cpp.o \
  $B/lib/CAPI/CMakeFiles/TileCAPI.dir/CpuEngine.cpp.o \
  $B/lib/libTilePipelines.a $B/lib/libMLIRTileToNVVM.a \
  $B/lib/libMLIRTileToHost.a $B/lib/libMLIRTileTransforms.a \
  $B/lib/libMLIRTile.a $B/lib/CpuRuntime/libTileCpuRuntime.a \
  $B/lib/Reference/libTileReferenceCore.a $B/lib/Ptx/libTilePtx.a \
  -Wl,--whole-archive $L/libMLIRCAPIIR.a -Wl,--no-whole-archive \
  -Wl,--no-as-needed $stage/libmpfr.so.6 $stage/libgmp.so.10 -Wl,--as-needed \
  -Wl,-rpath,'$ORIGIN' \
  -Wl,--start-group $L/libMLIR*.a $L/libLLVM*.a -Wl,--end-group \
  -Wl,-Bstatic -lz -lzstd -Wl,-Bdynamic -ldl -lpthread -lm \
  -static-libstdc++ -static-libgcc -Wl,--gc-sections \
  -Wl,--version-script=$B/wheel/capi.map
strip $stage/libTileCAPI.so
cp $B/bin/tile-runner-static $stage/tile-runner
cp $B/lib/libtile_cuda_runtime.so $stage/
PYTHONPATH=python python3 -c "
import json, sys
from tile_mlir import instr_table
t = json.load(open('$B/share/tile-mlir/instr_table.json'))
json.dump(instr_table.trimmed(t), open('$stage/instr_table.json', 'w'))"
rm -rf python/build python/*.egg-info
TILE_MLIR_WHEEL_LIBS="$PWD/$stage" python3 -m pip wheel -q --no-deps \
  --no-build-isolation -w $B/wheel/dist ./python 2>&1 |
  grep -v "WARNING: Running pip as" || true
rm -rf python/build python/*.egg-info
ls $B/wheel/dist/*.whl
