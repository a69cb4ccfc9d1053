// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// The integer conversions: int -> int (8-bit values in i16 register tiles),
// int -> float, float -> int, and cvt.pack with and without c; qualifiers
// print in the slot order (rounding, .ftz, .sat).

!b = memref<4x1xi16, #tile.reg>
!w = memref<4x1xi32, #tile.reg>
!l = memref<4x1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: gpu.func @cvt_int
  gpu.func @cvt_int(%h: i16, %i: i32, %x: i64, %f: f32, %d: f64, %g: bf16) kernel {
    %b = tile.alloc_local : !b
    %w = tile.alloc_local : !w
    %l = tile.alloc_local : !l
    %fr = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // CHECK: tile.apply "cvt.sat.s8.s32"
    // GENERIC: opcode = #tile.ptx<"cvt.sat.s8.s32">
    tile.apply "cvt.sat.s8.s32" (%b, %i) scope(thread) : !b, i32
    // CHECK: tile.apply "cvt.s64.s8"
    tile.apply "cvt.s64.s8" (%l, %h) scope(thread) : !l, i16
    // CHECK: tile.apply "cvt.u16.u16"
    tile.apply "cvt.u16.u16" (%b, %h) scope(thread) : !b, i16
    // CHECK: tile.apply "cvt.sat.u32.s8"
    tile.apply "cvt.sat.u32.s8" (%w, %h) scope(thread) : !w, i16
    // CHECK: tile.apply "cvt.rn.ftz.sat.f32.s32"
    tile.apply "cvt.sat.rn.ftz.f32.s32" (%fr, %i) scope(thread) : memref<4x1xf32, #tile.reg>, i32
    // CHECK: tile.apply "cvt.rz.f64.u64"
    tile.apply "cvt.rz.f64.u64" (%l, %x) scope(thread) : !l, i64
    // CHECK: tile.apply "cvt.rm.bf16.s16"
    tile.apply "cvt.rm.bf16.s16" (%b, %h) scope(thread) : !b, i16
    // CHECK: tile.apply "cvt.rni.ftz.sat.s8.f32"
    tile.apply "cvt.ftz.sat.rni.s8.f32" (%b, %f) scope(thread) : !b, f32
    // CHECK: tile.apply "cvt.rpi.sat.u64.f64"
    tile.apply "cvt.sat.rpi.u64.f64" (%l, %d) scope(thread) : !l, f64
    // CHECK: tile.apply "cvt.rzi.s32.bf16"
    tile.apply "cvt.rzi.s32.bf16" (%w, %g) scope(thread) : !w, bf16
    // CHECK: tile.apply "cvt.pack.sat.s16.s32"(%{{.*}}, %{{.*}}, %{{.*}})
    tile.apply "cvt.sat.pack.s16.s32" (%w, %i, %i) scope(thread) : !w, i32, i32
    // CHECK: tile.apply "cvt.pack.sat.u4.s32.b32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
    tile.apply "cvt.pack.sat.u4.s32.b32" (%w, %i, %i, %w) scope(thread) : !w, i32, i32, !w
    gpu.return
  }
}
