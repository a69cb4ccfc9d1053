// The CPU backend refuses createpolicy.range with a located error: the
// GPU's encoding of the range in the policy's bits is measured
// (docs/gpu-logs/2026-12-05-policy-facts.txt.xz) but not fitted yet.
// RUN: not tile-runner --backend=cpu %s 2>&1 | FileCheck %s
// CHECK: loc("{{.*}}cache-policy-range.mlir":[[# @LINE + 6]]:7): error: 'tile.apply' op makes a range cache policy, whose bits (the GPU's encoding of the range) the CPU backend does not model yet; run this kernel on the GPU
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%g: memref<1xi32>, %size: i32) kernel {
      %c256 = arith.constant 256 : i32
      %p = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "createpolicy.range.global.L2::evict_last.b64" (%p, %g, %c256, %size) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi32>, i32, i32
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : i32
    %g = gpu.alloc () : memref<1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%g : memref<1xi32>, %c4 : i32)
    return
  }
}
