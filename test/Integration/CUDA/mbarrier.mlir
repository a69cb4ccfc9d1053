// mbarrier objects and fences, one thread (its results are fixed by the
// ISA's phase rules, worked out by hand):
//   A: init count 2; arrive.noComplete count 1 -> state s; pending_count(s)
//      is the pending count before that arrival, 2; test_wait(s) is 0 (one
//      arrival pending); a plain arrive completes the phase: test_wait(s)
//      is 1, and test_wait.parity 0 (the phase just completed) is 1.
//   B: init count 1; expect_tx 16; an arrive leaves 16 bytes owed:
//      test_wait is 0; complete_tx 16 completes the phase: try_wait is 1.
//   Fences between the steps change nothing here.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [2, 0, 1, 1, 0, 1]
#WS = #gpu.address_space<workgroup>
!R = memref<1xi32, #tile.reg>
!P = memref<1xi1, #tile.reg>
!S = memref<1xi64, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%O: memref<6xi32>) workgroup(%a: memref<1xi64, #WS>, %b: memref<1xi64, #WS>) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %c16 = arith.constant 16 : i32
      %s = tile.alloc_local : !S
      %t = tile.alloc_local : !S
      %u = tile.alloc_local : !S
      %p = tile.alloc_local : !P
      %r0 = tile.alloc_local : !R
      tile.apply "mbarrier.init.shared::cta.b64" (%a, %two) scope(thread) : memref<1xi64, #WS>, i32
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      tile.apply "mbarrier.arrive.noComplete.shared.b64" (%s, %a, %one) scope(thread) : !S, memref<1xi64, #WS>, i32
      tile.apply "mbarrier.pending_count.b64" (%r0, %s) scope(thread) : !R, !S
      tile.apply "mbarrier.test_wait.shared.b64" (%p, %a, %s) scope(thread) : !P, memref<1xi64, #WS>, !S
      %r1 = tile.alloc_local : !R
      tile.apply "selp.b32" (%r1, %one, %zero, %p) scope(thread) : !R, i32, i32, !P
      tile.apply "mbarrier.arrive.release.cta.shared.b64" (%t, %a) scope(thread) : !S, memref<1xi64, #WS>
      tile.apply "fence.acq_rel.cta" () scope(thread)
      tile.apply "mbarrier.test_wait.acquire.cta.shared.b64" (%p, %a, %s) scope(thread) : !P, memref<1xi64, #WS>, !S
      %r2 = tile.alloc_local : !R
      tile.apply "selp.b32" (%r2, %one, %zero, %p) scope(thread) : !R, i32, i32, !P
      tile.apply "mbarrier.test_wait.parity.shared.b64" (%p, %a, %zero) scope(thread) : !P, memref<1xi64, #WS>, i32
      %r3 = tile.alloc_local : !R
      tile.apply "selp.b32" (%r3, %one, %zero, %p) scope(thread) : !R, i32, i32, !P
      tile.apply "mbarrier.inval.shared.b64" (%a) scope(thread) : memref<1xi64, #WS>
      tile.apply "mbarrier.init.shared.b64" (%b, %one) scope(thread) : memref<1xi64, #WS>, i32
      tile.apply "mbarrier.expect_tx.relaxed.cta.shared.b64" (%b, %c16) scope(thread) : memref<1xi64, #WS>, i32
      tile.apply "mbarrier.arrive.shared.b64" (%u, %b) scope(thread) : !S, memref<1xi64, #WS>
      tile.apply "mbarrier.test_wait.shared.b64" (%p, %b, %u) scope(thread) : !P, memref<1xi64, #WS>, !S
      %r4 = tile.alloc_local : !R
      tile.apply "selp.b32" (%r4, %one, %zero, %p) scope(thread) : !R, i32, i32, !P
      tile.apply "mbarrier.complete_tx.shared::cta.b64" (%b, %c16) scope(thread) : memref<1xi64, #WS>, i32
      tile.apply "mbarrier.try_wait.shared.b64" (%p, %b, %u) scope(thread) : !P, memref<1xi64, #WS>, !S
      %r5 = tile.alloc_local : !R
      tile.apply "selp.b32" (%r5, %one, %zero, %p) scope(thread) : !R, i32, i32, !P
      %o0 = memref.subview %O[0] [1] [1] : memref<6xi32> to memref<1xi32, strided<[1]>>
      tile.apply "st.global.b32" (%o0, %r0) scope(thread) : memref<1xi32, strided<[1]>>, !R
      %o1 = memref.subview %O[1] [1] [1] : memref<6xi32> to memref<1xi32, strided<[1], offset: 1>>
      tile.apply "st.global.b32" (%o1, %r1) scope(thread) : memref<1xi32, strided<[1], offset: 1>>, !R
      %o2 = memref.subview %O[2] [1] [1] : memref<6xi32> to memref<1xi32, strided<[1], offset: 2>>
      tile.apply "st.global.b32" (%o2, %r2) scope(thread) : memref<1xi32, strided<[1], offset: 2>>, !R
      %o3 = memref.subview %O[3] [1] [1] : memref<6xi32> to memref<1xi32, strided<[1], offset: 3>>
      tile.apply "st.global.b32" (%o3, %r3) scope(thread) : memref<1xi32, strided<[1], offset: 3>>, !R
      %o4 = memref.subview %O[4] [1] [1] : memref<6xi32> to memref<1xi32, strided<[1], offset: 4>>
      tile.apply "st.global.b32" (%o4, %r4) scope(thread) : memref<1xi32, strided<[1], offset: 4>>, !R
      %o5 = memref.subview %O[5] [1] [1] : memref<6xi32> to memref<1xi32, strided<[1], offset: 5>>
      tile.apply "st.global.b32" (%o5, %r5) scope(thread) : memref<1xi32, strided<[1], offset: 5>>, !R
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %dO = gpu.alloc () : memref<6xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%dO : memref<6xi32>)
    %h = memref.alloc() : memref<6xi32>
    gpu.memcpy %h, %dO : memref<6xi32>, memref<6xi32>
    %u = memref.cast %h : memref<6xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
