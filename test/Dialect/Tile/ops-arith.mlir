// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// The arithmetic families: every spelling prints in its form's slot order,
// in the pretty and in the generic form; forms that share a spelling and
// differ in operand count (two- and three-input min/max) keep their count.

!r = memref<4x1xf32, #tile.reg>
!h = memref<4x1xi32, #tile.reg>
!d = memref<4x1xf64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx88">] {
  // CHECK-LABEL: gpu.func @arith
  gpu.func @arith(%f: f32, %w: i32, %x: f64, %s: i16) kernel {
    %r = tile.alloc_local : !r
    %h = tile.alloc_local : !h
    %d = tile.alloc_local : !d
    // CHECK: tile.apply "add.rz.ftz.sat.f32"
    // GENERIC: opcode = #tile.ptx<"add.rz.ftz.sat.f32">
    tile.apply "add.sat.ftz.rz.f32" (%r, %r, %f) scope(thread) : !r, !r, f32
    // CHECK: tile.apply "sub.f64"
    tile.apply "sub.f64" (%d, %d, %x) scope(thread) : !d, !d, f64
    // CHECK: tile.apply "mul.rn.ftz.sat.f16x2"
    tile.apply "mul.sat.rn.ftz.f16x2" (%h, %h, %w) scope(thread) : !h, !h, i32
    // CHECK: tile.apply "add.rn.bf16x2"
    tile.apply "add.rn.bf16x2" (%h, %h, %w) scope(thread) : !h, !h, i32
    // CHECK: tile.apply "mul.rp.ftz.f32x2"
    %x2 = tile.alloc_local : memref<4x1xi64, #tile.reg>
    tile.apply "mul.ftz.rp.f32x2" (%x2, %x2, %x2) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>
    // CHECK: tile.apply "mad.rm.ftz.sat.f32"
    tile.apply "mad.sat.rm.ftz.f32" (%r, %r, %f, %r) scope(thread) : !r, !r, f32, !r
    // CHECK: tile.apply "min.ftz.NaN.xorsign.abs.f32"
    // GENERIC: opcode = #tile.ptx<"min.ftz.NaN.xorsign.abs.f32">
    tile.apply "min.xorsign.abs.NaN.ftz.f32" (%r, %r, %f) scope(thread) : !r, !r, f32
    // CHECK: tile.apply "min.f32"(%{{.*}}, %{{.*}}, %{{.*}}) scope
    // GENERIC: opcode = #tile.ptx<"min.f32">
    tile.apply "min.f32" (%r, %r, %f) scope(thread) : !r, !r, f32
    // CHECK: tile.apply "max.ftz.NaN.abs.f32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope
    // GENERIC: opcode = #tile.ptx<"max.ftz.NaN.abs.f32">
    tile.apply "max.abs.NaN.ftz.f32" (%r, %r, %f, %r) scope(thread) : !r, !r, f32, !r
    // CHECK: tile.apply "max.f32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope
    // GENERIC: opcode = #tile.ptx<"max.f32", variant = "three_source">
    tile.apply "max.f32" (%r, %r, %f, %f) scope(thread) : !r, !r, f32, f32
    // CHECK: tile.apply "max.NaN.xorsign.abs.bf16x2"
    tile.apply "max.xorsign.abs.NaN.bf16x2" (%h, %h, %w) scope(thread) : !h, !h, i32
    // CHECK: tile.apply "neg.ftz.f16"
    %hs = tile.alloc_local : memref<4x1xi16, #tile.reg>
    tile.apply "neg.ftz.f16" (%hs, %s) scope(thread) : memref<4x1xi16, #tile.reg>, i16
    // CHECK: tile.apply "abs.bf16x2"
    tile.apply "abs.bf16x2" (%h, %w) scope(thread) : !h, i32
    // CHECK: tile.apply "copysign.f64"
    tile.apply "copysign.f64" (%d, %x, %d) scope(thread) : !d, f64, !d
    gpu.return
  }
}

// A generic-form attribute with a non-canonical spelling is decoded and
// printed canonically.
// CHECK-LABEL: func.func @generic
// CHECK: tile.apply "fma.rn.sat.f32"
func.func @generic(%r: memref<1xf32, #tile.reg>, %c: f32) {
  "tile.apply"(%r, %c, %c, %c) <{opcode = #tile.ptx<"fma.sat.rn.f32">, operandSegmentSizes = array<i32: 4, 0>}> : (memref<1xf32, #tile.reg>, f32, f32, f32) -> ()
  return
}
