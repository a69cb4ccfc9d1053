// tile ops outside a gpu.module are not lowered: a clear error, not a crash.
// REQUIRES: cuda-runtime
// RUN: not tile-runner %s 2>&1 | FileCheck %s
// CHECK: error: tile ops are lowered only inside a gpu.module; move 'tile.alloc_local' into a gpu.func
func.func @main() {
  %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
  return
}
