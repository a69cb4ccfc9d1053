// ld and st through generic addresses on the CPU backend: the same kernel
// and values as on the GPU (Integration/CUDA/generic-ld-st.mlir).
// RUN: tile-runner --backend=cpu %S/../CUDA/generic-ld-st.mlir | FileCheck %S/../CUDA/generic-ld-st.mlir
