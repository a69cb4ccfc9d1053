// st.async into another CTA's shared memory: 2 CTAs of 32 threads in one
// cluster. Thread 0 of each initializes its barrier (one arrival) and
// arrives with expect_tx 128; the cluster meets; thread t maps S[t] and
// the barrier of the peer CTA (mapa, rank r xor 1) and stores 100 r + t
// there with st.async, whose 4 bytes complete on the peer's barrier; every
// thread waits for its own barrier's phase 0 (all 32 stores of the peer
// arrived) and copies S[t] to Out[r][t]; the cluster meets again before
// exiting. So Out[r][t] = 100 (1 - r) + t.
// Integration/CPU/cluster.mlir runs it on the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [2, 32]
// CHECK-NEXT: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
#WS = #gpu.address_space<workgroup>
!S = memref<32xi32, #WS>
!E = memref<1xi32, strided<[1], offset: ?>, #WS>
!Bar = memref<1xi64, #WS>
!R = memref<1xi64, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
    gpu.func @k(%Out: memref<2x32xi32>) workgroup(%S: !S, %bar: !Bar) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %c100 = arith.constant 100 : i32
      %bytes = arith.constant 128 : i32
      %true = arith.constant true
      %tid = gpu.thread_id x
      %t32 = arith.index_cast %tid : index to i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %ri = arith.index_cast %rank : i32 to index
      %peer = arith.xori %rank, %one : i32
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !Bar, i32
        tile.apply "fence.mbarrier_init.release.cluster" () scope(thread)
        %st = tile.alloc_local : !R
        tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : !R, !Bar, i32
      }
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      %s = memref.subview %S[%tid] [1] [1] : !S to !E
      %a = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%a, %s, %peer) scope(thread) : !R, !E, i32
      %m = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%m, %bar, %peer) scope(thread) : !R, !Bar, i32
      %r100 = arith.muli %rank, %c100 : i32
      %v = arith.addi %r100, %t32 : i32
      tile.apply "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32" (%a, %v, %m) scope(thread) : !R, i32, !R
      %p = tile.alloc_local : memref<1xi1, #tile.reg>
      scf.while : () -> () {
        tile.apply "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64" (%p, %bar, %zero) scope(thread) : memref<1xi1, #tile.reg>, !Bar, i32
        %done = memref.load %p[%c0] : memref<1xi1, #tile.reg>
        %again = arith.xori %done, %true : i1
        scf.condition(%again)
      } do {
        scf.yield
      }
      %got = memref.load %S[%tid] : !S
      memref.store %got, %Out[%ri, %tid] : memref<2x32xi32>
      tile.apply "barrier.cluster.arrive" () scope(thread)
      tile.apply "barrier.cluster.wait" () scope(thread)
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %d = gpu.alloc () : memref<2x32xi32>
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : memref<2x32xi32>)
    %h = memref.alloc() : memref<2x32xi32>
    gpu.memcpy %h, %d : memref<2x32xi32>, memref<2x32xi32>
    %u = memref.cast %h : memref<2x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
