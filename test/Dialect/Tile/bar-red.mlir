// RUN: tile-opt %s -tile-check-targets | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s --check-prefix=ASM

// bar.red and barrier.red: the CTA's threads meet and reduce a predicate.
// The lowering keeps each where it is written (side effects, memory
// clobbered), also when its result is unused.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: gpu.func @reduce
  // ASM-LABEL: llvm.func @reduce
  gpu.func @reduce(%p: i1, %n: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    %q = tile.alloc_local : memref<1xi1, #tile.reg>
    %c0 = arith.constant 0 : i32
    // CHECK: tile.apply "bar.red.popc.u32"
    // ASM: llvm.inline_asm has_side_effects asm_dialect = att "bar.red.popc.u32 $0, 0x00000000, $1;", "=r,b,~{memory}"
    tile.apply "bar.red.popc.u32" (%d, %c0, %p) scope(thread) : memref<1xi32, #tile.reg>, i32, i1
    // CHECK: tile.apply "bar.cta.red.or.pred"
    // ASM: llvm.inline_asm has_side_effects asm_dialect = att "bar.cta.red.or.pred $0, 0x00000001, $1, $2;", "=b,r,b,~{memory}"
    %c1 = arith.constant 1 : i32
    tile.apply "bar.cta.red.or.pred" (%q, %c1, %n, %p) scope(thread) : memref<1xi1, #tile.reg>, i32, i32, i1
    // CHECK: tile.apply "barrier.red.and.aligned.pred"
    // ASM: "barrier.red.and.aligned.pred $0, 0x00000000, !$1;"
    tile.apply "barrier.red.and.aligned.pred" (%q, %c0, not %p) scope(thread) : memref<1xi1, #tile.reg>, i32, i1
    gpu.return
  }
}
