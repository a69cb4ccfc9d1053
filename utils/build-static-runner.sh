#!/usr/bin/env bash
# Links tile-runner statically against the MLIR and LLVM archives, so that
# the JIT runner can be carried to a GPU machine that has no MLIR/LLVM.
# Output: build/bin/tile-runner-static (needs only libc). It runs both
# backends (--backend=cuda|cpu).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build --target tile-runner >/dev/null
L=/usr/lib/llvm-22/lib
B=build
obj=$(find $B/tools/tile-runner -name tile-runner.cpp.o)
c++ -o $B/bin/tile-runner-static "$obj" \
  $B/lib/libTilePipelines.a $B/lib/libMLIRTileToNVVM.a \
  $B/lib/libMLIRTileToHost.a \
  $B/lib/libMLIRTileTransforms.a $B/lib/libMLIRTile.a \
  $B/lib/CpuRuntime/libTileCpuRuntime.a $B/lib/Reference/libTileReferenceCore.a \
  $B/lib/Ptx/libTilePtx.a $B/lib/libtile_cuda_runtime_static.a \
  /usr/lib/x86_64-linux-gnu/libmpfr.a /usr/lib/x86_64-linux-gnu/libgmp.a \
  -Wl,--start-group $L/libMLIR*.a $L/libLLVM*.a -Wl,--end-group \
  -Wl,-Bstatic -lz -lzstd -Wl,-Bdynamic -ldl -lpthread -lm \
  -static-libstdc++ -static-libgcc -Wl,--gc-sections
strip $B/bin/tile-runner-static
ls -la $B/bin/tile-runner-static
