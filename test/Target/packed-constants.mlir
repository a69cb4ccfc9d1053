// A packed constant (both f16 halves in one i32) is materialized into a
// register with mov.b32: fma.rn.f16x2 takes no immediate, and ptxas accepts
// the result.
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// CHECK: mov.b32 [[ONES:%r[0-9]+]], 1006648320;
// CHECK: fma.rn.f16x2 {{%r[0-9]+}}, {{%r[0-9]+}}, [[ONES]], [[ONES]];
// CHECK: fma.rn.f16x2 {{%r[0-9]+}}, {{%r[0-9]+}}, [[ONES]], [[ONES]];
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
module {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%g: memref<2x1xi32>) kernel {
      // {1.0, 1.0} as f16x2: 0x3C003C00.
      %ones = arith.constant 0x3C003C00 : i32
      %r = tile.alloc_local : memref<2x1xi32, #tile.reg>
      tile.apply "ld.global.b32" (%r, %g) scope(thread) : memref<2x1xi32, #tile.reg>, memref<2x1xi32>
      tile.apply "fma.rn.f16x2" (%r, %r, %ones, %ones) scope(thread) : memref<2x1xi32, #tile.reg>, memref<2x1xi32, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%g, %r) scope(thread) : memref<2x1xi32>, memref<2x1xi32, #tile.reg>
      gpu.return
    }
  }
}
