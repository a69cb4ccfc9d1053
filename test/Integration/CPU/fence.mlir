// Fences on the CPU backend: each thread stores, fences and loads its
// neighbour's value after a barrier; the fences change nothing a single core
// could reorder, and the kernel runs.
// REQUIRES: cuda-runtime
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// CHECK: [1, 2, 3, 0]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%O: memref<4xi32>) workgroup(%S: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %v = arith.index_cast %t : index to i32
      memref.store %v, %S[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      tile.apply "fence.sc.cta" () scope(thread)
      tile.apply "fence.proxy.async" () scope(thread)
      tile.apply "membar.gl" () scope(thread)
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %m = arith.remui %n, %c4 : index
      %w = memref.load %S[%m] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %w, %O[%t] : memref<4xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %dO = gpu.alloc () : memref<4xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%dO : memref<4xi32>)
    %h = memref.alloc() : memref<4xi32>
    gpu.memcpy %h, %dO : memref<4xi32>, memref<4xi32>
    %u = memref.cast %h : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
