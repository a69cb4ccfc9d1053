// setp's two-destination form: `p|q` in the PTX, for integers (q the
// complement) and for .f16x2 (p the lower halves, q the upper), with a
// BoolOp; ptxas assembles it.
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
//
// CHECK-LABEL: .entry k(
// CHECK: setp.lt.s32 [[P:%p[0-9]+]]|[[Q:%p[0-9]+]], [[A:%r[0-9]+]], 0x00000000;
// CHECK: setp.gt.and.ftz.f16x2 {{%p[0-9]+}}|{{%p[0-9]+}}, [[A]], [[A]], [[P]];
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: memref<4xi32>, %h: memref<4xi32>) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %v = memref.expand_shape %a [[0, 1]] output_shape [4, 1] : memref<4xi32> into memref<4x1xi32>
    tile.apply "ld.global.b32" (%r, %v) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    %q = tile.alloc_local : memref<4x1xi1, #tile.reg>
    %z = arith.constant 0 : i32
    tile.apply "setp.lt.s32" (%p, %q, %r, %z) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    tile.apply "setp.gt.and.ftz.f16x2" (%p, %q, %r, %r, %p) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>
    %one = arith.constant 1 : i32
    tile.apply "selp.b32" (%r, %one, %z, %q) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32, memref<4x1xi1, #tile.reg>
    tile.apply "st.global.b32" (%v, %r) scope(thread) : memref<4x1xi32>, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}
