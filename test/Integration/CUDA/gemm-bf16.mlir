// The bf16 GEMM of examples/gemm_bf16.mlir on the GPU: 4 CTAs of 8
// warps through cp.async, barriers, ldmatrix and mma.sync, a 256 x 256 x 192
// product of small integers (exact in f32). No entry differs from the host
// loop's product, and the printed entries are numpy's: A[i][k] = (i + 2k)
// mod 7 - 3, Bt[j][k] = (3j + k) mod 5 - 2, C = A Bt^T, rows 0 and 255.
// RUN: tile-runner %tile_src/examples/gemm_bf16.mlir | FileCheck %s
// CHECK: sizes = [1]
// CHECK-NEXT: [0]
// CHECK: {{\[\[}}-2, -1, 15, -4, -8, -2, -1, 15]]
// CHECK: {{\[\[}}10, 2, -11, 1, -2, 10, 2, -11]]
