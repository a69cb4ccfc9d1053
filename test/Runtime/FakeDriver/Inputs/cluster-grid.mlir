// 3 CTAs in clusters of 2: not a whole number of clusters
// (error-paths.test).
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c3, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
