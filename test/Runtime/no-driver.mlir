// Without a CUDA driver, --backend=cuda fails cleanly with a status, no
// crash; the default backend (auto) runs the kernels on the CPU instead and
// says so.
// REQUIRES: cuda-runtime, !cuda-driver
// RUN: not tile-runner --backend=cuda %tile_src/examples/affine_fma.mlir 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: tile-runner %tile_src/examples/affine_fma.mlir 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: not tile-runner --backend=gpu %tile_src/examples/affine_fma.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// CUDA: tile-runner: TILE_NO_CUDA_DRIVER: no CUDA driver
// AUTO: tile-runner: TILE_NO_CUDA_DRIVER: no CUDA driver{{.*}}; running the kernels on the CPU backend
// AUTO: [7],
// AUTO-NEXT: [11],
// AUTO-NEXT: [15],
// AUTO-NEXT: [23]]
// BAD: tile-runner: invalid --backend 'gpu' (expected auto, cuda or cpu)
