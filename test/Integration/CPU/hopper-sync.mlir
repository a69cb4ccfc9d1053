// The CPU backend refuses wgmma's ordering instructions and the cluster
// barrier with a located error: it models neither warpgroup MMAs nor
// clusters yet. Integration/CUDA/hopper-sync.mlir runs such a kernel on
// the GPU; Integration/CPU/setmaxnreg.mlir shows setmaxnreg running.
// RUN: not tile-runner --backend=cpu %s 2>&1 | FileCheck %s
// CHECK: loc("{{.*}}hopper-sync.mlir":[[# @LINE + 4]]:7): error: 'tile.apply' op synchronizes a cluster, which the CPU backend does not model yet; run this kernel on the GPU
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k() kernel {
      tile.apply "barrier.cluster.arrive" () scope(thread)
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
