// Device code may use the arith ops that have no NVVM lowering of their own
// (floordivsi, ceildivsi: the Python front-end's `//`); the tile-to-ptx
// pipeline expands them (arith-expand) instead of failing in the
// translation to LLVM IR.
// RUN: tile-translate --mlir-to-ptx %s | FileCheck %s
// RUN: tile-translate --mlir-to-ptx %s > %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// CHECK: .entry k(
// CHECK: div.s32
// CHECK: mov.b32
// CHECK: st.global.b32
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%a: memref<1xi32>, %n: i32, %d: i32) kernel {
      %q = arith.floordivsi %n, %d : i32
      %c = arith.ceildivsi %n, %d : i32
      %s = arith.addi %q, %c : i32
      %r = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "mov.b32" (%r, %s) scope(thread) : memref<1xi32, #tile.reg>, i32
      tile.apply "st.global.b32" (%a, %r) scope(thread) : memref<1xi32>, memref<1xi32, #tile.reg>
      gpu.return
    }
  }
}
