// RUN: tile-opt %s -tile-check-targets | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s --check-prefix=ASM

// Named barriers: bar.sync and barrier.sync with and without a thread
// count, bar.arrive and barrier.arrive with one; the id and the count are
// immediates or registers. Each is kept where it is written (side effects,
// memory clobbered), and qualifiers print in the ISA's order.
// test/Dialect/Tile/invalid-named-barrier.mlir has the rejected ones.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: gpu.func @named
  // ASM-LABEL: llvm.func @named
  gpu.func @named(%id: i32, %n: i32) kernel {
    %c1 = arith.constant 1 : i32
    %c15 = arith.constant 15 : i32
    %c64 = arith.constant 64 : i32
    %c1024 = arith.constant 1024 : i32
    // CHECK: tile.apply "bar.sync"(%{{.*}}, %{{.*}}) scope(thread) : i32, i32
    // ASM: llvm.inline_asm has_side_effects asm_dialect = att "bar.sync 0x00000001, 0x00000040;", "~{memory}"
    tile.apply "bar.sync" (%c1, %c64) scope(thread) : i32, i32
    // ASM: llvm.inline_asm has_side_effects asm_dialect = att "bar.sync $0;", "r,~{memory}"
    tile.apply "bar.sync" (%id) scope(thread) : i32
    // ASM: "bar.cta.sync 0x0000000F, 0x00000400;"
    tile.apply "bar.cta.sync" (%c15, %c1024) scope(thread) : i32, i32
    // ASM: llvm.inline_asm has_side_effects asm_dialect = att "bar.arrive $0, $1;", "r,r,~{memory}"
    tile.apply "bar.arrive" (%id, %n) scope(thread) : i32, i32
    // CHECK: tile.apply "barrier.cta.sync.aligned"
    // ASM: "barrier.cta.sync.aligned 0x00000001;"
    tile.apply "barrier.aligned.cta.sync" (%c1) scope(thread) : i32
    // ASM: "barrier.sync $0, $1;"
    tile.apply "barrier.sync" (%id, %n) scope(thread) : i32, i32
    // ASM: "barrier.arrive.aligned 0x00000001, 0x00000040;"
    tile.apply "barrier.arrive.aligned" (%c1, %c64) scope(thread) : i32, i32
    gpu.return
  }
}
