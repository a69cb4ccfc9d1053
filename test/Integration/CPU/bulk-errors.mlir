// A bulk copy the CPU backend cannot run as asked ends the run with the
// thread, the instruction and the reason: bytes past the end of a buffer
// (with the memory checks on), a size that is not a multiple of 16, an
// mbarrier that was never initialized. Each RUN turns one of the kernel's
// commented instructions on (sed).
// REQUIRES: cuda-runtime
// RUN: sed 's|^//O |    |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: sed 's|^//Z |    |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: sed 's|^//B |    |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=BAR
// OOB: tile-cpu: thread 0, 'cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes': its destination reaches byte 256 of workgroup buffer 0 of @kernels::@k, a buffer of 128 bytes
// SIZE: tile-cpu: thread 0, 'cp.async.bulk.global.shared::cta.bulk_group': its size 20 is not a multiple of 16 bytes
// BAR: tile-cpu: thread 0, 'cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes': on the mbarrier at byte 0 of workgroup buffer 1 of @kernels::@k: its mbarrier is not an mbarrier object (no mbarrier.init, or mbarrier.inval since)
#WS = #gpu.address_space<workgroup>
!B = memref<1xi64, #WS>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%G: memref<32xf32>, %n256: i32, %n20: i32) workgroup(%S: memref<32xf32, #WS>, %bar: !B) kernel {
      %c128 = arith.constant 128 : i32
      %c0 = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %st = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !B, i32
//B   tile.apply "mbarrier.inval.shared::cta.b64" (%bar) scope(thread) : !B
//O   tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %G, %n256, %bar) scope(thread) : memref<32xf32, #WS>, memref<32xf32>, i32, !B
//Z   tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%G, %S, %n20) scope(thread) : memref<32xf32>, memref<32xf32, #WS>, i32
//B   tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %G, %c128, %bar) scope(thread) : memref<32xf32, #WS>, memref<32xf32>, i32, !B
      tile.apply "cp.async.bulk.wait_group" (%c0) scope(thread) : i32
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %n256 = arith.constant 256 : i32
    %n20 = arith.constant 20 : i32
    %G = gpu.alloc () : memref<32xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%G : memref<32xf32>, %n256 : i32, %n20 : i32)
    return
  }
}
