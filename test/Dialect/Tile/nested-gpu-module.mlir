// RUN: not tile-translate --mlir-to-ptx %s 2>&1 | FileCheck %s
// RUN: not tile-opt %s --pass-pipeline='builtin.module(tile-to-ptx)' 2>&1 | FileCheck %s
// A gpu.module the pipelines would not reach is an error in every tool, not
// silently left unlowered.
// CHECK: error: gpu.module @inner is nested inside 'builtin.module': the tile pipelines lower the gpu.modules of the top-level module only; move it there
module {
  builtin.module @wrapper {
    gpu.module @inner [#nvvm.target<chip = "sm_90">] {
      gpu.func @k(%c: f32) kernel {
        %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
        tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
        gpu.return
      }
    }
  }
}
