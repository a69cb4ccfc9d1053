// wgmma's ordering instructions run on the CPU backend: a wgmma.mma_async
// there completes when its warpgroup meets (Integration/CPU/wgmma.test), so
// wgmma.fence, commit_group and wait_group have nothing to order and the
// kernel goes on past them. (Before the CPU backend modeled warpgroups it
// refused them with a located error.) Each thread stores its id.
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// CHECK: sizes = [4]
// CHECK-NEXT: [0, 1, 2, 3]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k(%O: memref<4xi32>) kernel {
      %zero = arith.constant 0 : i32
      %tid = gpu.thread_id x
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      %v = arith.index_cast %tid : index to i32
      memref.store %v, %O[%tid] : memref<4xi32>
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
