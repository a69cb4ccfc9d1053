// A barrier in divergent control flow (odd threads at one gpu.barrier, even
// ones at another) is reported by the CPU backend, where a GPU would hang
// or give undefined results; one the threads all reach in either branch of
// a uniform condition runs.
// REQUIRES: cuda-runtime
// RUN: sed 's/WHICH/1/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DIVERGENT
// RUN: sed 's/WHICH/0/' %s | tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=UNIFORM
// DIVERGENT: tile-cpu: threads 0 and 1 of the block wait at different barriers (barrier {{[0-9]+}} and {{[0-9]+}} of the module): a barrier in divergent control flow
// UNIFORM: ran
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k() kernel {
      %which = arith.constant WHICH : index
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %t = gpu.thread_id x
      %bit = arith.remui %t, %c2 : index
      %odd = arith.cmpi ne, %bit, %c0 : index
      %divergent = arith.cmpi ne, %which, %c0 : index
      %split = arith.andi %odd, %divergent : i1
      scf.if %split {
        gpu.barrier
      } else {
        gpu.barrier
      }
      gpu.return
    }
  }

  func.func private @puts(!llvm.ptr) -> i32
  llvm.mlir.global private constant @ran("ran\00")

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c40, %c1, %c1)
    %s = llvm.mlir.addressof @ran : !llvm.ptr
    %r = func.call @puts(%s) : (!llvm.ptr) -> i32
    return
  }
}
