// The register budget's warning is real: the 256-element f32 tile it warns
// about spills under ptxas 13.0 for sm_90, and a tile at the default budget
// (240) does not.
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %s 2>%t.warn > %t.ptx
// RUN: FileCheck %s --check-prefix=WARN < %t.warn
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPILL
// RUN: sed 's/256x1/240x1/g' %s > %t.240.mlir
// RUN: tile-translate --mlir-to-ptx %t.240.mlir 2>%t.240.warn > %t.240.ptx
// RUN: count 0 < %t.240.warn
// RUN: %ptxas -arch=sm_90 -v %t.240.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSPILL
// WARN: warning: the register tiles of 'k' take 256 32-bit registers
// SPILL: {{[1-9][0-9]*}} bytes spill stores
// NOSPILL: 0 bytes spill stores
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<256x1xf32>) kernel {
    %r = tile.alloc_local : memref<256x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<256x1xf32, #tile.reg>, memref<256x1xf32>
    tile.apply "st.global.f32" (%g, %r) scope(thread) : memref<256x1xf32>, memref<256x1xf32, #tile.reg>
    gpu.return
  }
}
