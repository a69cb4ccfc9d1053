// The CPU backend refuses mapa with a located error: it runs one CTA at a
// time, so there is no other CTA to map an address into.
// Target/cluster-ptxas.test compiles such a kernel for the GPU.
// RUN: not tile-runner --backend=cpu %s 2>&1 | FileCheck %s
// CHECK: loc("{{.*}}cluster.mlir":[[# @LINE + 7]]:7): error: 'tile.apply' op maps an address into another CTA of the cluster, which the CPU backend does not model yet (it runs one CTA at a time); run this kernel on the GPU
#WS = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k() workgroup(%bar: memref<1xi64, #WS>) kernel {
      %zero = arith.constant 0 : i32
      %r = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "mapa.shared::cluster.u64" (%r, %bar, %zero) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #WS>, i32
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
