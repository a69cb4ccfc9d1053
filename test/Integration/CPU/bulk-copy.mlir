// The CPU backend does not model the bulk asynchronous copies yet: a
// kernel that issues one is refused with a located error, not run, whether
// the copy completes on an mbarrier or in a bulk group.
// Integration/CUDA/bulk-copy.mlir runs such a kernel on the GPU.
// RUN: not tile-runner --backend=cpu %s 2>&1 | FileCheck %s
// CHECK: loc("{{.*}}bulk-copy.mlir":[[# @LINE + 7]]:7): error: 'tile.apply' op is a bulk asynchronous copy, which the CPU backend does not model yet (it completes on an mbarrier or in bulk groups); run this kernel on the GPU
#WS = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%G: memref<4xf32>) workgroup(%S: memref<4xf32, #WS>) kernel {
      %c16 = arith.constant 16 : i32
      %c0 = arith.constant 0 : i32
      tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%G, %S, %c16) scope(thread) : memref<4xf32>, memref<4xf32, #WS>, i32
      tile.apply "cp.async.bulk.wait_group" (%c0) scope(thread) : i32
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %G = gpu.alloc () : memref<4xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%G : memref<4xf32>)
    return
  }
}
