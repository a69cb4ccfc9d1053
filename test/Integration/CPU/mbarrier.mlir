// The CPU backend does not model mbarrier objects yet: a kernel that
// operates on one is refused with a located error, not run (fences alone
// run: Integration/CPU/fence.mlir). Integration/CUDA/mbarrier.mlir runs
// such a kernel on the GPU.
// RUN: not tile-runner --backend=cpu %s 2>&1 | FileCheck %s
// CHECK: loc("{{.*}}mbarrier.mlir":[[# @LINE + 7]]:7): error: 'tile.apply' op operates on an mbarrier object, which the CPU backend does not model yet (its 64 bits are the hardware's); run this kernel on the GPU
#WS = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k() workgroup(%bar: memref<1xi64, #WS>) kernel {
      %c1 = arith.constant 1 : i32
      tile.apply "fence.sc.cta" () scope(thread)
      tile.apply "mbarrier.init.shared.b64" (%bar, %c1) scope(thread) : memref<1xi64, #WS>, i32
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
