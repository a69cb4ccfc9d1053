// The CPU backend runs the bulk copies that complete on an mbarrier or in
// bulk groups (Integration/CPU/bulk.test), tensor copies in tile mode
// (Integration/CPU/tensor-copy.test), the bulk reductions
// (Integration/CPU/bulk-reduce.test), multicasts to a cluster's CTAs
// (Integration/CPU/cluster.mlir) and im2col copies
// (Integration/CPU/tensor-copy.test). A tensor copy through memory that
// no encoder wrote, and a multicast to a CTA past the cluster (here a
// cluster of one: the launch has none), end the program. Each RUN turns
// one of the kernel's commented instructions on (sed).
// RUN: sed 's|^//T |    |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: sed 's|^//M |    |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=MULTICAST
// TENSOR: tile-cpu: thread 0, 'cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes': the 128 bytes at byte 0 of gpu.alloc at <stdin>:{{[0-9]+}}:{{[0-9]+}} are not a tensor map
// MULTICAST: tile-cpu: thread 0, 'cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster': its ctaMask 0x2 names a CTA past the cluster's 1 (undefined in PTX)
#WS = #gpu.address_space<workgroup>
!B = memref<1xi64, #WS>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k(%G: memref<32xf32>, %map: memref<16xi64>, %x: i32, %m: i16)
        workgroup(%S: memref<32xf32, #WS>, %H: memref<256xf16, #WS>, %bar: !B) kernel {
      %c128 = arith.constant 128 : i32
      %c0 = arith.constant 0 : i32
      %xyz = tile.alloc_local : memref<3xi32, #tile.reg>
//T   tile.apply "cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes" (%H, %map, %xyz, %bar, %m) scope(thread) : memref<256xf16, #WS>, memref<16xi64>, memref<3xi32, #tile.reg>, !B, i16
//M   tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster" (%S, %G, %c128, %bar, %m) scope(thread) : memref<32xf32, #WS>, memref<32xf32>, i32, !B, i16
      tile.apply "cp.async.bulk.wait_group" (%c0) scope(thread) : i32
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %x = arith.constant 0 : i32
    %m = arith.constant 2 : i16
    %G = gpu.alloc () : memref<32xf32>
    %map = gpu.alloc () : memref<16xi64>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%G : memref<32xf32>, %map : memref<16xi64>, %x : i32, %m : i16)
    return
  }
}
