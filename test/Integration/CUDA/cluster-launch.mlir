// A launch with cluster dimensions at run time (gpu.launch_func ... clusters
// in, the kernel without known_cluster_size: cuLaunchKernelEx) and
// distributed shared memory: 4 CTAs in clusters of 2. Thread 0 of each CTA
// initializes its barrier (one arrival), the cluster meets
// (barrier.cluster), then thread 0 arrives on the other CTA's barrier
// through mapa and waits for phase 0 of its own, which only the peer's
// arrive completes (a remote arrive that went astray would hang the
// kernel). Each CTA then writes its rank in the cluster (block b: b mod 2)
// and the cluster meets again before exiting.
// Integration/CPU/cluster.mlir runs it on the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [0, 1, 0, 1]
#WS = #gpu.address_space<workgroup>
!R = memref<1xi64, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%out: memref<4xi32>) workgroup(%bar: memref<1xi64, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %true = arith.constant true
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %rank = gpu.cluster_block_id x
      %r32 = arith.index_cast %rank : index to i32
      %peer = arith.xori %r32, %one : i32
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : memref<1xi64, #WS>, i32
        tile.apply "fence.mbarrier_init.release.cluster" () scope(thread)
      }
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      scf.if %is0 {
        %remote = tile.alloc_local : !R
        tile.apply "mapa.shared::cluster.u64" (%remote, %bar, %peer) scope(thread) : !R, memref<1xi64, #WS>, i32
        tile.apply "mbarrier.arrive.release.cluster.shared::cluster.b64" (%remote) scope(thread) : !R
        %p = tile.alloc_local : memref<1xi1, #tile.reg>
        scf.while : () -> () {
          tile.apply "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64" (%p, %bar, %zero) scope(thread) : memref<1xi1, #tile.reg>, memref<1xi64, #WS>, i32
          %done = memref.load %p[%c0] : memref<1xi1, #tile.reg>
          %again = arith.xori %done, %true : i1
          scf.condition(%again)
        } do {
          scf.yield
        }
        memref.store %r32, %out[%bid] : memref<4xi32>
      }
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %d = gpu.alloc () : memref<4xi32>
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : memref<4xi32>)
    %h = memref.alloc() : memref<4xi32>
    gpu.memcpy %h, %d : memref<4xi32>, memref<4xi32>
    %u = memref.cast %h : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
