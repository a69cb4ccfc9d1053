// lop3's table becomes an immediate, prmt's mode follows the type, and the
// .pred logic forms read and write predicate registers; ptxas assembles it.
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
//
// CHECK-LABEL: .entry k(
// CHECK: lop3.b32 [[L:%r[0-9]+]], [[A:%r[0-9]+]], [[A]], [[A]], 0x000000E8;
// CHECK: prmt.b32.f4e {{%r[0-9]+}}, [[L]], [[A]], [[L]];
// CHECK: prmt.b32 {{%r[0-9]+}}, [[L]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK: setp.ne.b32 [[P:%p[0-9]+]],
// CHECK: not.pred [[Q:%p[0-9]+]], [[P]];
// CHECK: xor.pred {{%p[0-9]+}}, [[Q]], [[Q]];
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: memref<4xi32>, %p: memref<4xi32>) kernel {
    %lut = arith.constant 232 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %s = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %v = memref.expand_shape %a [[0, 1]] output_shape [4, 1] : memref<4xi32> into memref<4x1xi32>
    tile.apply "ld.global.b32" (%r, %v) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>
    tile.apply "lop3.b32" (%s, %r, %r, %r, %lut) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    tile.apply "prmt.b32.f4e" (%r, %s, %r, %s) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>
    tile.apply "prmt.b32" (%s, %s, %r, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<4x1xi1, #tile.reg>
    %z = arith.constant 0 : i32
    tile.apply "setp.ne.b32" (%q, %s, %z) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    tile.apply "not.pred" (%q, %q) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>
    tile.apply "xor.pred" (%q, %q, %q) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>
    %one = arith.constant 1 : i32
    tile.apply "selp.b32" (%s, %one, %z, %q) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32, memref<4x1xi1, #tile.reg>
    tile.apply "st.global.b32" (%v, %s) scope(thread) : memref<4x1xi32>, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}
