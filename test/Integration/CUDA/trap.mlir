// trap under a predicate (a failed assertion in thread 2): the launch
// fails, and tile-runner reports it and exits 1. GPU only: the CPU
// backend's report is Integration/CPU/trap.mlir's.
// RUN: not tile-runner %s 2>&1 | FileCheck %s
// CHECK: CUDA_ERROR_{{LAUNCH_FAILED|ILLEGAL_INSTRUCTION}}
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%A: memref<4xi32>) kernel {
      %t = gpu.thread_id x
      %c2 = arith.constant 2 : index
      %bad = arith.cmpi eq, %t, %c2 : index
      tile.apply "trap" () pred(%bad) scope(thread)
      %v = arith.index_cast %t : index to i32
      memref.store %v, %A[%t] : memref<4xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %dA = gpu.alloc () : memref<4xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%dA : memref<4xi32>)
    return
  }
}
