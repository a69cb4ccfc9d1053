// The seed example runs and prints Out = 2*A + 1 for A = [3, 5, 7, 11].
// RUN: tile-runner %tile_src/examples/affine_fma.mlir | FileCheck %s
// CHECK: Memref rank = 2 offset = 0 sizes = [4, 1] strides = [1, 1] data =
// CHECK-NEXT: {{\[\[}}7],
// CHECK-NEXT: [11],
// CHECK-NEXT: [15],
// CHECK-NEXT: [23]]
