// The CPU backend models mbarrier objects, but not the arrival that
// cp.async.mbarrier.arrive makes when the thread's copies complete: a kernel
// with it is refused with a located error, not run.
// Integration/CUDA/cp-async-mbarrier.mlir runs such a kernel on the GPU.
// RUN: not tile-runner --backend=cpu %s 2>&1 | FileCheck %s
// CHECK: loc("{{.*}}cp-async-mbarrier.mlir":[[# @LINE + 8]]:7): error: 'tile.apply' op arrives on an mbarrier when the thread's cp.async copies complete, which the CPU backend does not model yet; run this kernel on the GPU
#WS = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%G: memref<4xi32>) workgroup(%S: memref<4xi32, #WS>, %bar: memref<1xi64, #WS>) kernel {
      %c16 = arith.constant 16 : i32
      tile.apply "cp.async.cg.shared.global" (%S, %G, %c16) scope(thread) : memref<4xi32, #WS>, memref<4xi32>, i32
      // The arrival, after which a kernel would wait on the barrier.
      tile.apply "cp.async.mbarrier.arrive.shared.b64" (%bar) scope(thread) : memref<1xi64, #WS>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %dG = gpu.alloc () : memref<4xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%dG : memref<4xi32>)
    return
  }
}
