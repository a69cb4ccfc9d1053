// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s

// The integer families lower to one inline-asm instruction each, constraint
// letters by container width: h (16 bits), r (32), l (64); mul.wide and
// mad.wide bind a 64-bit destination (and c) to 32-bit sources.

!s = memref<1xi16, #tile.reg>
!w = memref<1xi32, #tile.reg>
!l = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: llvm.func @int_arith
  gpu.func @int_arith(%h: i16, %i: i32, %x: i64, %p: i1) kernel {
    %s = tile.alloc_local : !s
    %w = tile.alloc_local : !w
    %l = tile.alloc_local : !l
    // CHECK: "add.s16 $0, $1, $2;", "=h,h,h"
    tile.apply "add.s16" (%s, %s, %h) scope(thread) : !s, !s, i16
    // CHECK: "mul.wide.s32 $0, $1, $2;", "=l,r,r"
    tile.apply "mul.wide.s32" (%l, %w, %i) scope(thread) : !l, !w, i32
    // CHECK: "mad.wide.u16 $0, $1, $2, $3;", "=r,h,h,r"
    tile.apply "mad.wide.u16" (%w, %s, %h, %w) scope(thread) : !w, !s, i16, !w
    // CHECK: "div.s64 $0, $1, $2;", "=l,l,l"
    tile.apply "div.s64" (%l, %l, %x) scope(thread) : !l, !l, i64
    // CHECK: "max.relu.s16x2 $0, $1, $2;", "=r,r,r"
    tile.apply "max.relu.s16x2" (%w, %w, %i) scope(thread) : !w, !w, i32
    // CHECK: "abs.s32 $0, $1;", "=r,r"
    tile.apply "abs.s32" (%w, %i) scope(thread) : !w, i32
    // Predicated, keeping the old destination: the tied input is last.
    // CHECK: "{\0A\09.reg .pred %tile_p;\0A\09setp.ne.b32 %tile_p, $3, 0;\0A\09@%tile_p rem.u64 $0, $1, $2;\0A\09}", "=l,l,l,r,0"
    tile.apply "rem.u64" (%l, %l, %x) pred(%p) preserve_dst scope(thread) : !l, !l, i64
    gpu.return
  }
}
