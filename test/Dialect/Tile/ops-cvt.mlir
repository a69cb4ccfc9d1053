// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s -tile-check-targets | FileCheck %s

// Conversions: two type suffixes (destination first), packing forms with two
// sources, 8-bit formats, and forms that share a spelling with a variant.

gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx86">] {
  // CHECK-LABEL: gpu.func @cvt
  gpu.func @cvt(%f: f32, %d: f64, %w: i32, %s: i16) kernel {
    %h = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // CHECK: tile.apply "cvt.rm.ftz.sat.f16.f32"
    // GENERIC: opcode = #tile.ptx<"cvt.rm.ftz.sat.f16.f32">
    tile.apply "cvt.sat.ftz.rm.f16.f32" (%h, %f) scope(thread) : memref<4x1xf16, #tile.reg>, f32
    // CHECK: tile.apply "cvt.rn.relu.satfinite.f16.f32"
    tile.apply "cvt.rn.satfinite.relu.f16.f32" (%h, %f) scope(thread) : memref<4x1xf16, #tile.reg>, f32
    %x = tile.alloc_local : memref<4x1xf64, #tile.reg>
    // CHECK: tile.apply "cvt.rni.sat.f64.f64"
    tile.apply "cvt.sat.rni.f64.f64" (%x, %d) scope(thread) : memref<4x1xf64, #tile.reg>, f64
    %p = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // CHECK: tile.apply "cvt.rz.relu.bf16x2.f32"(%{{.*}}, %{{.*}}, %{{.*}})
    tile.apply "cvt.relu.rz.bf16x2.f32" (%p, %f, %f) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32
    %e = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // CHECK: tile.apply "cvt.rn.satfinite.relu.e4m3x2.f32"
    tile.apply "cvt.rn.relu.satfinite.e4m3x2.f32" (%e, %f, %f) scope(thread) : memref<4x1xi16, #tile.reg>, f32, f32
    // CHECK: tile.apply "cvt.rn.relu.f16x2.e5m2x2"
    tile.apply "cvt.rn.relu.f16x2.e5m2x2" (%p, %s) scope(thread) : memref<4x1xi32, #tile.reg>, i16
    // CHECK: tile.apply "cvt.rna.satfinite.tf32.f32"
    tile.apply "cvt.rna.satfinite.tf32.f32" (%p, %f) scope(thread) : memref<4x1xi32, #tile.reg>, f32
    gpu.return
  }
}

// A form that shares its spelling with an earlier one is named in the
// generic form.
// CHECK-LABEL: func.func @variant
// GENERIC: opcode = #tile.ptx<"cvt.rn.f16.f32", variant = "relu_satfinite">
func.func @variant(%h: memref<1xf16, #tile.reg>, %f: f32) {
  "tile.apply"(%h, %f) <{opcode = #tile.ptx<"cvt.rn.f16.f32", variant = "relu_satfinite">, operandSegmentSizes = array<i32: 2, 0>}> : (memref<1xf16, #tile.reg>, f32) -> ()
  return
}

// Stochastic rounding (sm_100a and sm_103a only): the random bits `rbits`
// last, a .b32 scalar or register tile; the x4 forms take their four f32
// sources {a, b, e, f} as one register group (atom 4).
gpu.module @rs [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  // CHECK-LABEL: gpu.func @cvt_rs
  gpu.func @cvt_rs(%f: f32, %r: i32) kernel {
    %p = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %b = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // CHECK: tile.apply "cvt.rs.relu.satfinite.f16x2.f32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
    // GENERIC: opcode = #tile.ptx<"cvt.rs.relu.satfinite.f16x2.f32">
    tile.apply "cvt.satfinite.relu.rs.f16x2.f32" (%p, %f, %f, %r) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32, i32
    // CHECK: tile.apply "cvt.rs.bf16x2.f32"
    tile.apply "cvt.rs.bf16x2.f32" (%p, %f, %f, %b) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32, memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<4x4xf32, #tile.reg>
    // CHECK: tile.apply "cvt.rs.relu.satfinite.e4m3x4.f32"
    // GENERIC: opcode = #tile.ptx<"cvt.rs.relu.satfinite.e4m3x4.f32">
    tile.apply "cvt.satfinite.rs.relu.e4m3x4.f32" (%p, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    // CHECK: tile.apply "cvt.rs.satfinite.e5m2x4.f32"
    tile.apply "cvt.rs.satfinite.e5m2x4.f32" (%p, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    // CHECK: tile.apply "cvt.rs.satfinite.e2m3x4.f32"
    tile.apply "cvt.rs.satfinite.e2m3x4.f32" (%p, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    // CHECK: tile.apply "cvt.rs.relu.satfinite.e3m2x4.f32"
    tile.apply "cvt.rs.relu.satfinite.e3m2x4.f32" (%p, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    %h = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // CHECK: tile.apply "cvt.rs.satfinite.e2m1x4.f32"
    tile.apply "cvt.rs.satfinite.e2m1x4.f32" (%h, %q, %r) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    gpu.return
  }
}
