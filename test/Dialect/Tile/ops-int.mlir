// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// The integer arithmetic families: every spelling prints in its form's slot
// order; mul.wide / mad.wide take a destination (and mad's c) twice as wide
// as a and b; packed halves take one i32.

!s = memref<4x1xi16, #tile.reg>
!w = memref<4x1xi32, #tile.reg>
!l = memref<4x1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: gpu.func @int_arith
  gpu.func @int_arith(%h: i16, %i: i32, %x: i64) kernel {
    %s = tile.alloc_local : !s
    %w = tile.alloc_local : !w
    %l = tile.alloc_local : !l
    // CHECK: tile.apply "add.s16"
    tile.apply "add.s16" (%s, %s, %h) scope(thread) : !s, !s, i16
    // CHECK: tile.apply "add.sat.s32"
    // GENERIC: opcode = #tile.ptx<"add.sat.s32">
    tile.apply "add.sat.s32" (%w, %w, %i) scope(thread) : !w, !w, i32
    // CHECK: tile.apply "sub.u64"
    tile.apply "sub.u64" (%l, %l, %x) scope(thread) : !l, !l, i64
    // CHECK: tile.apply "add.s16x2"
    tile.apply "add.s16x2" (%w, %w, %i) scope(thread) : !w, !w, i32
    // CHECK: tile.apply "mul.lo.u16"
    tile.apply "mul.lo.u16" (%s, %s, %h) scope(thread) : !s, !s, i16
    // CHECK: tile.apply "mul.hi.s64"
    tile.apply "mul.hi.s64" (%l, %l, %x) scope(thread) : !l, !l, i64
    // CHECK: tile.apply "mul.wide.s32"
    tile.apply "mul.wide.s32" (%l, %w, %i) scope(thread) : !l, !w, i32
    // CHECK: tile.apply "mul.wide.u16"
    tile.apply "mul.wide.u16" (%w, %s, %h) scope(thread) : !w, !s, i16
    // CHECK: tile.apply "mad.wide.u32"
    tile.apply "mad.wide.u32" (%l, %w, %i, %l) scope(thread) : !l, !w, i32, !l
    // CHECK: tile.apply "mad.hi.sat.s32"
    // GENERIC: opcode = #tile.ptx<"mad.hi.sat.s32">
    tile.apply "mad.sat.hi.s32" (%w, %w, %i, %w) scope(thread) : !w, !w, i32, !w
    // CHECK: tile.apply "mul24.hi.u32"
    tile.apply "mul24.hi.u32" (%w, %w, %i) scope(thread) : !w, !w, i32
    // CHECK: tile.apply "mad24.hi.sat.s32"
    tile.apply "mad24.sat.hi.s32" (%w, %w, %i, %w) scope(thread) : !w, !w, i32, !w
    // CHECK: tile.apply "sad.s64"
    tile.apply "sad.s64" (%l, %l, %x, %l) scope(thread) : !l, !l, i64, !l
    // CHECK: tile.apply "div.s16"
    tile.apply "div.s16" (%s, %s, %h) scope(thread) : !s, !s, i16
    // CHECK: tile.apply "rem.u32"
    tile.apply "rem.u32" (%w, %w, %i) scope(thread) : !w, !w, i32
    // CHECK: tile.apply "abs.s64"
    tile.apply "abs.s64" (%l, %x) scope(thread) : !l, i64
    // CHECK: tile.apply "neg.s16"
    tile.apply "neg.s16" (%s, %h) scope(thread) : !s, i16
    // CHECK: tile.apply "min.relu.s32"
    tile.apply "min.relu.s32" (%w, %w, %i) scope(thread) : !w, !w, i32
    // CHECK: tile.apply "max.relu.s16x2"
    tile.apply "max.relu.s16x2" (%w, %w, %i) scope(thread) : !w, !w, i32
    // CHECK: tile.apply "min.u16x2"
    tile.apply "min.u16x2" (%w, %w, %i) scope(thread) : !w, !w, i32
    // CHECK: tile.apply "max.u64"
    tile.apply "max.u64" (%l, %l, %x) scope(thread) : !l, !l, i64
    gpu.return
  }
}
