// Comparison and selection through i1 tiles compile to PTX that ptxas 13.0
// assembles: the predicates are .pred registers LLVM allocates (no
// conversion through integers), read by selp and by the BoolOp forms.
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %s > %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// CHECK: .reg .pred
// CHECK: setp.lt.s32 %p[[P:[0-9]+]], %{{[a-z]+[0-9]+}}, %{{[a-z]+[0-9]+}};
// CHECK: setp.geu.and.ftz.f32 %p[[Q:[0-9]+]], %{{[a-z]+[0-9]+}}, %{{[a-z]+[0-9]+}}, %p[[P]];
// CHECK: selp.b32 %{{[a-z]+[0-9]+}}, 0x00000001, 0x00000000, %p[[Q]];
// CHECK: testp.subnormal.f64 %p{{[0-9]+}}, %{{[a-z]+[0-9]+}};
// CHECK: setp.hs.u16 %p
// CHECK: set.lt.ftz.f32.f32
// CHECK: slct.s64.s32
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x1xi32>, %f: memref<2x1xf32>, %d: memref<2x1xf64>,
              %h: memref<2x1xi16>, %l: memref<2x1xi64>) kernel {
    %x = tile.alloc_local : memref<2x1xi32, #tile.reg>
    %y = tile.alloc_local : memref<2x1xf32, #tile.reg>
    %z = tile.alloc_local : memref<2x1xf64, #tile.reg>
    %s = tile.alloc_local : memref<2x1xi16, #tile.reg>
    %w = tile.alloc_local : memref<2x1xi64, #tile.reg>
    %p = tile.alloc_local : memref<2x1xi1, #tile.reg>
    %q = tile.alloc_local : memref<2x1xi1, #tile.reg>
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    tile.apply "ld.global.b32" (%x, %g) scope(thread) : memref<2x1xi32, #tile.reg>, memref<2x1xi32>
    tile.apply "ld.global.f32" (%y, %f) scope(thread) : memref<2x1xf32, #tile.reg>, memref<2x1xf32>
    tile.apply "ld.global.f64" (%z, %d) scope(thread) : memref<2x1xf64, #tile.reg>, memref<2x1xf64>
    tile.apply "ld.global.b16" (%s, %h) scope(thread) : memref<2x1xi16, #tile.reg>, memref<2x1xi16>
    tile.apply "ld.global.b64" (%w, %l) scope(thread) : memref<2x1xi64, #tile.reg>, memref<2x1xi64>
    tile.apply "setp.lt.s32" (%p, %x, %x) scope(thread) : memref<2x1xi1, #tile.reg>, memref<2x1xi32, #tile.reg>, memref<2x1xi32, #tile.reg>
    tile.apply "setp.geu.and.ftz.f32" (%q, %y, %y, %p) scope(thread) : memref<2x1xi1, #tile.reg>, memref<2x1xf32, #tile.reg>, memref<2x1xf32, #tile.reg>, memref<2x1xi1, #tile.reg>
    tile.apply "selp.b32" (%x, %one, %zero, %q) scope(thread) : memref<2x1xi32, #tile.reg>, i32, i32, memref<2x1xi1, #tile.reg>
    tile.apply "st.global.b32" (%g, %x) scope(thread) : memref<2x1xi32>, memref<2x1xi32, #tile.reg>
    tile.apply "testp.subnormal.f64" (%p, %z) scope(thread) : memref<2x1xi1, #tile.reg>, memref<2x1xf64, #tile.reg>
    tile.apply "selp.f64" (%z, %z, %z, %p) scope(thread) : memref<2x1xf64, #tile.reg>, memref<2x1xf64, #tile.reg>, memref<2x1xf64, #tile.reg>, memref<2x1xi1, #tile.reg>
    tile.apply "st.global.f64" (%d, %z) scope(thread) : memref<2x1xf64>, memref<2x1xf64, #tile.reg>
    tile.apply "setp.hs.u16" (%p, %s, %s) scope(thread) : memref<2x1xi1, #tile.reg>, memref<2x1xi16, #tile.reg>, memref<2x1xi16, #tile.reg>
    tile.apply "selp.b16" (%s, %s, %s, %p) scope(thread) : memref<2x1xi16, #tile.reg>, memref<2x1xi16, #tile.reg>, memref<2x1xi16, #tile.reg>, memref<2x1xi1, #tile.reg>
    tile.apply "st.global.b16" (%h, %s) scope(thread) : memref<2x1xi16>, memref<2x1xi16, #tile.reg>
    tile.apply "set.lt.ftz.f32.f32" (%y, %y, %y) scope(thread) : memref<2x1xf32, #tile.reg>, memref<2x1xf32, #tile.reg>, memref<2x1xf32, #tile.reg>
    tile.apply "st.global.f32" (%f, %y) scope(thread) : memref<2x1xf32>, memref<2x1xf32, #tile.reg>
    tile.apply "slct.s64.s32" (%w, %w, %w, %x) scope(thread) : memref<2x1xi64, #tile.reg>, memref<2x1xi64, #tile.reg>, memref<2x1xi64, #tile.reg>, memref<2x1xi32, #tile.reg>
    tile.apply "st.global.b64" (%l, %w) scope(thread) : memref<2x1xi64>, memref<2x1xi64, #tile.reg>
    gpu.return
  }
}
