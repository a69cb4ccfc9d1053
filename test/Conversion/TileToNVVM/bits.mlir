// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s

// Bit operations lower to one inline-asm instruction with each operand's
// own register class: popc.b64 reads a 64-bit register and writes a 32-bit
// one; a constant source becomes a hex immediate.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: llvm.func @popc
  gpu.func @popc(%w: i32, %x: i64) kernel {
    %r = tile.alloc_local : memref<1xi32, #tile.reg>
    // CHECK: "popc.b32 $0, $1;", "=r,r"
    tile.apply "popc.b32" (%r, %w) scope(thread) : memref<1xi32, #tile.reg>, i32
    // CHECK: "popc.b64 $0, $1;", "=r,l"
    tile.apply "popc.b64" (%r, %x) scope(thread) : memref<1xi32, #tile.reg>, i64
    %c = arith.constant -1 : i64
    // CHECK: "popc.b64 $0, 0xFFFFFFFFFFFFFFFF;", "=r"
    tile.apply "popc.b64" (%r, %c) scope(thread) : memref<1xi32, #tile.reg>, i64
    gpu.return
  }
}
