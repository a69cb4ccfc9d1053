// Distributed shared memory through generic addresses on the CPU backend:
// the same kernel and values as on the GPU
// (Integration/CUDA/generic-dsmem.mlir).
// RUN: tile-runner --backend=cpu %S/../CUDA/generic-dsmem.mlir | FileCheck %S/../CUDA/generic-dsmem.mlir
