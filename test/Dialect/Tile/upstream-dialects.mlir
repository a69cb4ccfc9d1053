// RUN: tile-opt %s | FileCheck %s

// tile-opt registers every upstream dialect, as mlir-opt does: vector, nvgpu
// and linalg ops parse next to tile ops.

// CHECK-LABEL: func.func @mixed
func.func @mixed(%v: vector<4xf32>, %m: memref<4xf32>, %r: memref<4x1xf32, #tile.reg>, %c: f32) {
  // CHECK: vector.reduction
  %s = vector.reduction <add>, %v : vector<4xf32> into f32
  // CHECK: linalg.fill
  linalg.fill ins(%s : f32) outs(%m : memref<4xf32>)
  // CHECK: tile.apply "fma.rn.f32"
  tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
  return
}
