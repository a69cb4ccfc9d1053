// Without a CUDA driver, tile-runner fails cleanly with a status, no crash.
// REQUIRES: cuda-runtime, !cuda-driver
// RUN: not tile-runner %tile_src/examples/affine_fma.mlir 2>&1 | FileCheck %s
// CHECK: tile-runner: TILE_NO_CUDA_DRIVER: no CUDA driver
