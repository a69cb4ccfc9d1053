// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Bit operations: destinations whose type differs from the type suffix
// (popc's .u32 for a .b64 source), bit containers of any width.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @popc
  gpu.func @popc(%w: i32, %x: i64, %f: f32, %d: f64) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // CHECK: tile.apply "popc.b32"(%{{.*}}, %{{.*}}) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    tile.apply "popc.b32" (%r, %w) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    // CHECK: tile.apply "popc.b64"(%{{.*}}, %{{.*}}) scope(thread) : memref<4x1xi32, #tile.reg>, i64
    tile.apply "popc.b64" (%r, %x) scope(thread) : memref<4x1xi32, #tile.reg>, i64
    // A bit-size source accepts a float container of its width.
    // CHECK: tile.apply "popc.b32"(%{{.*}}, %{{.*}}) scope(thread) : memref<4x1xi32, #tile.reg>, f32
    tile.apply "popc.b32" (%r, %f) scope(thread) : memref<4x1xi32, #tile.reg>, f32
    // CHECK: tile.apply "popc.b64"(%{{.*}}, %{{.*}}) scope(thread) : memref<4x1xi32, #tile.reg>, f64
    tile.apply "popc.b64" (%r, %d) scope(thread) : memref<4x1xi32, #tile.reg>, f64
    gpu.return
  }

  // lop3's table is a constant scalar; prmt's mode prints after the type.
  // CHECK-LABEL: gpu.func @lop3_prmt
  gpu.func @lop3_prmt() kernel {
    %lut = arith.constant 150 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // CHECK: tile.apply "lop3.b32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread)
    tile.apply "lop3.b32" (%r, %r, %r, %r, %lut) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    // CHECK: tile.apply "prmt.b32.rc16"(
    tile.apply "prmt.b32.rc16" (%r, %r, %r, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // CHECK: tile.apply "or.pred"(
    tile.apply "or.pred" (%p, %p, %p) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>
    gpu.return
  }
}

// lop3.BoolOp writes d and the predicate p = (d != 0) BoolOp q; its table
// is a constant scalar as for lop3.b32 (PTX ISA 8.2).
gpu.module @m82 [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  // CHECK-LABEL: gpu.func @lop3_boolop
  gpu.func @lop3_boolop(%c: i1) kernel {
    %lut = arith.constant 128 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // CHECK: tile.apply "lop3.and.b32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    tile.apply "lop3.and.b32" (%r, %p, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    // q may be an i1 scalar.
    // CHECK: tile.apply "lop3.or.b32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, i1
    tile.apply "lop3.or.b32" (%r, %p, %r, %r, %r, %lut, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, i1
    gpu.return
  }
}
