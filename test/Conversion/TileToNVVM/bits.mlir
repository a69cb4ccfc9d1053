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

// lop3.BoolOp writes two registers, d (.b32) and p (.pred), joined by '|';
// q is a .pred source; with pred and preserve_dst both are tied.
gpu.module @m82 [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  // CHECK-LABEL: llvm.func @lop3_boolop
  gpu.func @lop3_boolop(%a: i32, %q: i1) kernel {
    %lut = arith.constant 232 : i32
    %r = tile.alloc_local : memref<1xi32, #tile.reg>
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // CHECK: "lop3.and.b32 $0|$1, $2, $3, $4, 0x000000E8, $5;", "=r,=b,r,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i32, i32, i32, i1) -> !llvm.struct<(i32, i1)>
    tile.apply "lop3.and.b32" (%r, %p, %a, %a, %a, %lut, %q) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi1, #tile.reg>, i32, i32, i32, i32, i1
    // CHECK: "lop3.or.b32 $0|$1, $2, $3, $4, 0x000000E8, $5;", "=r,=b,r,r,r,b"
    tile.apply "lop3.or.b32" (%r, %p, %r, %a, %r, %lut, %p) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi1, #tile.reg>, memref<1xi32, #tile.reg>, i32, memref<1xi32, #tile.reg>, i32, memref<1xi1, #tile.reg>
    %c = arith.constant 1 : i1
    // CHECK: "{\0A\09.reg .pred %tile_p;\0A\09setp.ne.b32 %tile_p, $6, 0;\0A\09@%tile_p lop3.or.b32 $0|$1, $2, $3, $4, 0x000000E8, $5;\0A\09}", "=r,=b,r,r,r,b,r,0,1"
    tile.apply "lop3.or.b32" (%r, %p, %r, %a, %r, %lut, %p) pred(%c) preserve_dst scope(thread) : memref<1xi32, #tile.reg>, memref<1xi1, #tile.reg>, memref<1xi32, #tile.reg>, i32, memref<1xi32, #tile.reg>, i32, memref<1xi1, #tile.reg>
    gpu.return
  }
}
