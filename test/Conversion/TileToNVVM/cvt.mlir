// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s

// Conversions lower to one inline-asm cvt with the operands' own register
// classes: packing forms take two sources.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  // CHECK-LABEL: llvm.func @cvt
  gpu.func @cvt(%f: f32, %d: f64, %s: i16) kernel {
    %h = tile.alloc_local : memref<1xf16, #tile.reg>
    // CHECK: "cvt.rn.f16.f32 $0, $1;", "=h,f"
    tile.apply "cvt.rn.f16.f32" (%h, %f) scope(thread) : memref<1xf16, #tile.reg>, f32
    %x = tile.alloc_local : memref<1xf32, #tile.reg>
    // CHECK: "cvt.rz.ftz.f32.f64 $0, $1;", "=f,d"
    tile.apply "cvt.rz.ftz.f32.f64" (%x, %d) scope(thread) : memref<1xf32, #tile.reg>, f64
    %p = tile.alloc_local : memref<1xi32, #tile.reg>
    // CHECK: "cvt.rn.satfinite.f16x2.f32 $0, $1, $2;", "=r,f,f"
    tile.apply "cvt.rn.satfinite.f16x2.f32" (%p, %f, %f) scope(thread) : memref<1xi32, #tile.reg>, f32, f32
    %e = tile.alloc_local : memref<1xi16, #tile.reg>
    // CHECK: "cvt.rn.satfinite.e5m2x2.f32 $0, $1, $2;", "=h,f,f"
    tile.apply "cvt.rn.satfinite.e5m2x2.f32" (%e, %f, %f) scope(thread) : memref<1xi16, #tile.reg>, f32, f32
    // CHECK: "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h"
    tile.apply "cvt.rn.f16x2.e4m3x2" (%p, %s) scope(thread) : memref<1xi32, #tile.reg>, i16
    gpu.return
  }
}

// Stochastic rounding: rbits stays a register ("r") even where it is a
// constant (ptxas rejects an immediate there), while a constant f32 source
// becomes an immediate; the x4 forms bind the group {a, b, e, f} as a
// vector of four "f" registers.
gpu.module @rs [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  // CHECK-LABEL: llvm.func @cvt_rs
  // CHECK: [[BITS:%[0-9]+]] = llvm.mlir.constant(305419896 : i32)
  gpu.func @cvt_rs(%f: f32, %r: i32) kernel {
    %bits = arith.constant 305419896 : i32
    %one = arith.constant 1.0 : f32
    %p = tile.alloc_local : memref<1xi32, #tile.reg>
    // CHECK: "cvt.rs.f16x2.f32 $0, $1, $2, $3;", "=r,f,f,r"
    tile.apply "cvt.rs.f16x2.f32" (%p, %f, %f, %r) scope(thread) : memref<1xi32, #tile.reg>, f32, f32, i32
    // CHECK: "cvt.rs.relu.satfinite.bf16x2.f32 $0, 0f3F800000, $1, $2;", "=r,f,r" %{{.*}}, [[BITS]] :
    tile.apply "cvt.rs.relu.satfinite.bf16x2.f32" (%p, %one, %f, %bits) scope(thread) : memref<1xi32, #tile.reg>, f32, f32, i32
    %q = tile.alloc_local : memref<4xf32, #tile.reg>
    // CHECK: "cvt.rs.relu.satfinite.e4m3x4.f32 $0, {$1, $2, $3, $4}, $5;", "=r,f,f,f,f,r"
    tile.apply "cvt.rs.relu.satfinite.e4m3x4.f32" (%p, %q, %r) scope(thread) : memref<1xi32, #tile.reg>, memref<4xf32, #tile.reg>, i32
    // CHECK: "cvt.rs.satfinite.e3m2x4.f32 $0, {$1, $2, $3, $4}, $5;", "=r,f,f,f,f,r" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, [[BITS]] :
    tile.apply "cvt.rs.satfinite.e3m2x4.f32" (%p, %q, %bits) scope(thread) : memref<1xi32, #tile.reg>, memref<4xf32, #tile.reg>, i32
    %h = tile.alloc_local : memref<1xi16, #tile.reg>
    // CHECK: "cvt.rs.satfinite.e2m1x4.f32 $0, {$1, $2, $3, $4}, $5;", "=h,f,f,f,f,r"
    tile.apply "cvt.rs.satfinite.e2m1x4.f32" (%h, %q, %r) scope(thread) : memref<1xi16, #tile.reg>, memref<4xf32, #tile.reg>, i32
    gpu.return
  }
}
