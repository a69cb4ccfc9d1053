// Transaction bytes may arrive before they are announced (a copy that
// completes first): one thread, a barrier of one arrival; complete_tx 16
// leaves -16 bytes owed, the arrival leaves the phase waiting for them
// (test_wait.parity 0 is 0), and expect_tx 16 then completes it
// (test_wait.parity 0 is 1), by the ISA's phase rule (no arrival and no
// byte pending).
// REQUIRES: cuda-runtime
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// CHECK: [0, 1]
#WS = #gpu.address_space<workgroup>
!B = memref<1xi64, #WS>
!P = memref<1xi1, #tile.reg>
!R = memref<1xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%O: memref<2xi32>) workgroup(%bar: !B) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %c16 = arith.constant 16 : i32
      %s = tile.alloc_local : memref<1xi64, #tile.reg>
      %p = tile.alloc_local : !P
      %r0 = tile.alloc_local : !R
      %r1 = tile.alloc_local : !R
      tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !B, i32
      tile.apply "mbarrier.complete_tx.shared::cta.b64" (%bar, %c16) scope(thread) : !B, i32
      tile.apply "mbarrier.arrive.shared::cta.b64" (%s, %bar) scope(thread) : memref<1xi64, #tile.reg>, !B
      tile.apply "mbarrier.test_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : !P, !B, i32
      tile.apply "selp.b32" (%r0, %one, %zero, %p) scope(thread) : !R, i32, i32, !P
      tile.apply "mbarrier.expect_tx.relaxed.cta.shared::cta.b64" (%bar, %c16) scope(thread) : !B, i32
      tile.apply "mbarrier.test_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : !P, !B, i32
      tile.apply "selp.b32" (%r1, %one, %zero, %p) scope(thread) : !R, i32, i32, !P
      %o0 = memref.subview %O[0] [1] [1] : memref<2xi32> to memref<1xi32, strided<[1]>>
      tile.apply "st.global.b32" (%o0, %r0) scope(thread) : memref<1xi32, strided<[1]>>, !R
      %o1 = memref.subview %O[1] [1] [1] : memref<2xi32> to memref<1xi32, strided<[1], offset: 1>>
      tile.apply "st.global.b32" (%o1, %r1) scope(thread) : memref<1xi32, strided<[1], offset: 1>>, !R
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %dO = gpu.alloc () : memref<2xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%dO : memref<2xi32>)
    %h = memref.alloc() : memref<2xi32>
    gpu.memcpy %h, %dO : memref<2xi32>, memref<2xi32>
    %u = memref.cast %h : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
