// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s

// The integer conversions lower to one inline-asm cvt each: an 8-bit value
// is bound to a 16-bit register ("h"), the float side by its container
// (f, d, h), cvt.pack's d, a, b and c to 32-bit registers; constant
// sources are immediates of their type.

!b = memref<1xi16, #tile.reg>
!w = memref<1xi32, #tile.reg>
!l = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: llvm.func @int_cvt
  gpu.func @int_cvt(%h: i16, %i: i32, %x: i64, %f: f32, %d: f64, %p: i1) kernel {
    %b = tile.alloc_local : !b
    %w = tile.alloc_local : !w
    %l = tile.alloc_local : !l
    %fr = tile.alloc_local : memref<1xf32, #tile.reg>
    // CHECK: "cvt.sat.s8.s32 $0, $1;", "=h,r"
    tile.apply "cvt.sat.s8.s32" (%b, %i) scope(thread) : !b, i32
    // CHECK: "cvt.u64.s8 $0, $1;", "=l,h"
    tile.apply "cvt.u64.s8" (%l, %h) scope(thread) : !l, i16
    // CHECK: "cvt.rn.ftz.f32.u64 $0, $1;", "=f,l"
    tile.apply "cvt.rn.ftz.f32.u64" (%fr, %x) scope(thread) : memref<1xf32, #tile.reg>, i64
    // CHECK: "cvt.rmi.sat.s16.f64 $0, $1;", "=h,d"
    tile.apply "cvt.rmi.sat.s16.f64" (%b, %d) scope(thread) : !b, f64
    // CHECK: "cvt.pack.sat.s8.s32.b32 $0, $1, $2, $3;", "=r,r,r,r"
    tile.apply "cvt.pack.sat.s8.s32.b32" (%w, %w, %i, %w) scope(thread) : !w, !w, i32, !w
    // An 8-bit source as a constant: its 16-bit container in hex.
    %c = arith.constant 383 : i16
    // CHECK: "cvt.s32.s8 $0, 0x017F;", "=r"
    tile.apply "cvt.s32.s8" (%w, %c) scope(thread) : !w, i16
    // Predicated, keeping the old destination.
    // CHECK: "{\0A\09.reg .pred %tile_p;\0A\09setp.ne.b32 %tile_p, $2, 0;\0A\09@%tile_p cvt.rzi.u32.f32 $0, $1;\0A\09}", "=r,f,r,0"
    tile.apply "cvt.rzi.u32.f32" (%w, %f) pred(%p) preserve_dst scope(thread) : !w, f32
    gpu.return
  }
}
