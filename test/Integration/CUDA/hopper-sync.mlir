// barrier.cluster and wgmma's ordering instructions on sm_90a, one CTA of
// 128 threads (one warpgroup; a launch without a cluster shape is a
// cluster of one CTA). Each thread writes its id to S[tid], arrives on the
// cluster barrier with .release and waits with .acquire, then reads its
// neighbour's S[(tid + 1) % 128] into O[tid]: the barrier orders the
// writes before the reads, so O = [1, 2, ..., 127, 0]. wgmma.fence,
// commit_group and wait_group 0 run in between (no mma_async: ptxas
// inserts a dummy HGMMA for the commit) and change nothing.
// Integration/CPU/cluster.mlir runs it on the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 0]
#WS = #gpu.address_space<workgroup>
!E = memref<1xi32, strided<[1], offset: ?>, #WS>
!G = memref<1xi32, strided<[1], offset: ?>>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k(%O: memref<128xi32>) workgroup(%S: memref<128xi32, #WS>) kernel {
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0 : i32
      %tid = gpu.thread_id x
      %t32 = arith.index_cast %tid : index to i32
      %r = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "mov.b32" (%r, %t32) scope(thread) : memref<1xi32, #tile.reg>, i32
      %mine = memref.subview %S[%tid] [1] [1] : memref<128xi32, #WS> to !E
      tile.apply "st.shared.b32" (%mine, %r) scope(thread) : !E, memref<1xi32, #tile.reg>
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      tile.apply "barrier.cluster.arrive.release.aligned" () scope(thread)
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      tile.apply "barrier.cluster.wait.acquire.aligned" () scope(thread)
      %n1 = arith.addi %tid, %c1 : index
      %n = arith.remui %n1, %c128 : index
      %theirs = memref.subview %S[%n] [1] [1] : memref<128xi32, #WS> to !E
      tile.apply "ld.shared.b32" (%r, %theirs) scope(thread) : memref<1xi32, #tile.reg>, !E
      %o = memref.subview %O[%tid] [1] [1] : memref<128xi32> to !G
      tile.apply "st.global.b32" (%o, %r) scope(thread) : !G, memref<1xi32, #tile.reg>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %dO = gpu.alloc () : memref<128xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c128, %c1, %c1) args(%dO : memref<128xi32>)
    %h = memref.alloc() : memref<128xi32>
    gpu.memcpy %h, %dO : memref<128xi32>, memref<128xi32>
    %u = memref.cast %h : memref<128xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
