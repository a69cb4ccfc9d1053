// lop3.BoolOp: `d|p` in the PTX, the table an immediate, q a predicate
// register; PTX ISA 8.2 on sm_90 (and sm_80); ptxas assembles it. Without
// the +ptx82 feature the check of targets refuses it (invalid-bits.mlir).
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// RUN: sed -e 's/sm_90/sm_80/' %s | tile-translate --mlir-to-ptx -o %t80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t80.ptx -o /dev/null %}
//
// CHECK: .version 8.2
// CHECK-LABEL: .entry k(
// CHECK: setp.ne.b32 [[Q:%p[0-9]+]],
// CHECK: lop3.and.b32 [[D:%r[0-9]+]]|[[P:%p[0-9]+]], [[A:%r[0-9]+]], [[A]], [[A]], 0x00000080, [[Q]];
// CHECK: lop3.or.b32 {{%r[0-9]+}}|{{%p[0-9]+}}, [[D]], [[A]], [[D]], 0x000000FE, [[P]];
// SM80: .target sm_80
// SM80: lop3.and.b32 {{%r[0-9]+}}|{{%p[0-9]+}},
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  gpu.func @k(%a: memref<4xi32>, %o: memref<4xi32>) kernel {
    %and = arith.constant 128 : i32
    %or = arith.constant 254 : i32
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %v = memref.expand_shape %a [[0, 1]] output_shape [4, 1] : memref<4xi32> into memref<4x1xi32>
    %w = memref.expand_shape %o [[0, 1]] output_shape [4, 1] : memref<4xi32> into memref<4x1xi32>
    tile.apply "ld.global.b32" (%r, %v) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>
    %q = tile.alloc_local : memref<4x1xi1, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    tile.apply "setp.ne.b32" (%q, %r, %z) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    tile.apply "lop3.and.b32" (%d, %p, %r, %r, %r, %and, %q) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    tile.apply "lop3.or.b32" (%d, %q, %d, %r, %d, %or, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    tile.apply "st.global.b32" (%w, %d) scope(thread) : memref<4x1xi32>, memref<4x1xi32, #tile.reg>
    tile.apply "selp.b32" (%d, %one, %z, %q) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32, memref<4x1xi1, #tile.reg>
    tile.apply "st.global.b32" (%v, %d) scope(thread) : memref<4x1xi32>, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}
