// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s

// The arithmetic families lower to one inline-asm instruction each, operands
// in the instruction's order, constraint letters by container.

!f = memref<1xf32, #tile.reg>
!i = memref<1xi32, #tile.reg>
!s = memref<1xi16, #tile.reg>
!d = memref<1xf64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx88">] {
  // CHECK-LABEL: llvm.func @arith
  gpu.func @arith(%c: f32, %w: i32, %h: i16, %x: f64, %p: i1) kernel {
    %f = tile.alloc_local : !f
    %i = tile.alloc_local : !i
    %s = tile.alloc_local : !s
    %d = tile.alloc_local : !d
    // CHECK: "add.rn.ftz.f32 $0, $1, $2;", "=f,f,f"
    tile.apply "add.ftz.rn.f32" (%f, %f, %c) scope(thread) : !f, !f, f32
    // CHECK: "sub.f64 $0, $1, $2;", "=d,d,d"
    tile.apply "sub.f64" (%d, %d, %x) scope(thread) : !d, !d, f64
    // CHECK: "mul.rn.sat.f16x2 $0, $1, $2;", "=r,r,r"
    tile.apply "mul.rn.sat.f16x2" (%i, %i, %w) scope(thread) : !i, !i, i32
    // CHECK: "mad.rz.f32 $0, $1, $2, $3;", "=f,f,f,f"
    tile.apply "mad.rz.f32" (%f, %f, %c, %f) scope(thread) : !f, !f, f32, !f
    // CHECK: "min.NaN.xorsign.abs.bf16 $0, $1, $2;", "=h,h,h"
    tile.apply "min.NaN.xorsign.abs.bf16" (%s, %s, %h) scope(thread) : !s, !s, i16
    // Three-input max: four operands.
    // CHECK: "max.abs.f32 $0, $1, $2, $3;", "=f,f,f,f"
    tile.apply "max.abs.f32" (%f, %f, %c, %f) scope(thread) : !f, !f, f32, !f
    // CHECK: "neg.ftz.f32 $0, $1;", "=f,f"
    tile.apply "neg.ftz.f32" (%f, %c) scope(thread) : !f, f32
    // CHECK: "abs.f16x2 $0, $1;", "=r,r"
    tile.apply "abs.f16x2" (%i, %w) scope(thread) : !i, i32
    // CHECK: "copysign.f32 $0, $1, $2;", "=f,f,f"
    tile.apply "copysign.f32" (%f, %c, %f) scope(thread) : !f, f32, !f
    // Predicated, keeping the old destination: the tied input is last.
    // CHECK: "{\0A\09.reg .pred %tile_p;\0A\09setp.ne.b32 %tile_p, $3, 0;\0A\09@%tile_p add.rn.f64 $0, $1, $2;\0A\09}", "=d,d,d,r,0"
    tile.apply "add.rn.f64" (%d, %d, %x) pred(%p) preserve_dst scope(thread) : !d, !d, f64
    gpu.return
  }
}
