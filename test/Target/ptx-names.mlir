// Every shape of kernel name tile-check-gpu-modules accepts assembles.
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %s > %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o /dev/null
// RUN: FileCheck %s < %t.ptx
// CHECK-DAG: .entry k_1$x
// CHECK-DAG: .entry _k
// CHECK-DAG: .entry $k
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k_1$x() kernel {
    gpu.return
  }
  gpu.func @_k() kernel {
    gpu.return
  }
  gpu.func @"$k"() kernel {
    gpu.return
  }
}
