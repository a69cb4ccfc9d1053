// The shared-to-shared bulk copy, in a cluster of one CTA: one CTA of 64
// threads, A[i] = i
// (64 f32, 256 bytes):
//   thread 0 initializes two mbarriers (one arrival each), arrives on the
//   first with expect_tx 256 and copies A into S as two 128-byte bulk
//   copies (global to shared, completing on it); every thread waits for its
//   phase 0, writes S[t] = 2 S[t] + 1, and fences its writes for the async
//   proxy; after bar.sync, thread 0 arrives on the second with expect_tx
//   256, copies S into T (shared::cta to shared::cluster, its own CTA),
//   waits for that phase, copies T out to B (bulk_group), commits and waits.
//   So B[i] = 2 i + 1, exact in f32. The kernel is launched with
//   `clusters in (1, 1, 1)`: without it the shared-to-shared copy faults
//   with an illegal instruction on the H200 (measured; tile-check-targets
//   rejects such a launch). Integration/CPU/cluster.mlir runs it on the
//   CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63, 65, 67, 69, 71, 73, 75, 77, 79, 81, 83, 85, 87, 89, 91, 93, 95, 97, 99, 101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121, 123, 125, 127]
#WS = #gpu.address_space<workgroup>
!S = memref<64xf32, #WS>
!H0 = memref<32xf32, strided<[1]>, #WS>
!H1 = memref<32xf32, strided<[1], offset: 32>, #WS>
!Bar = memref<1xi64, #WS>
!G = memref<64xf32>
!GH0 = memref<32xf32, strided<[1]>>
!GH1 = memref<32xf32, strided<[1], offset: 32>>
!E = memref<1xf32, strided<[1], offset: ?>, #WS>
!P = memref<1xi1, #tile.reg>
!St = memref<1xi64, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%A: !G, %B: !G) workgroup(%S: !S, %T: !S, %bar: !Bar, %bar2: !Bar) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %half = arith.constant 128 : i32
      %bytes = arith.constant 256 : i32
      %true = arith.constant true
      %two = arith.constant 2.0 : f32
      %onef = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !Bar, i32
        tile.apply "mbarrier.init.shared::cta.b64" (%bar2, %one) scope(thread) : !Bar, i32
        tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      }
      gpu.barrier
      scf.if %is0 {
        %st = tile.alloc_local : !St
        tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : !St, !Bar, i32
        %s0 = memref.subview %S[0] [32] [1] : !S to !H0
        %s1 = memref.subview %S[32] [32] [1] : !S to !H1
        %a0 = memref.subview %A[0] [32] [1] : !G to !GH0
        %a1 = memref.subview %A[32] [32] [1] : !G to !GH1
        tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%s0, %a0, %half, %bar) scope(thread) : !H0, !GH0, i32, !Bar
        tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%s1, %a1, %half, %bar) scope(thread) : !H1, !GH1, i32, !Bar
      }
      %p1 = tile.alloc_local : !P
      scf.while : () -> () {
        tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p1, %bar, %zero) scope(thread) : !P, !Bar, i32
        %done1 = memref.load %p1[%c0] : !P
        %again1 = arith.xori %done1, %true : i1
        scf.condition(%again1)
      } do {
        scf.yield
      }
      %e = memref.subview %S[%tid] [1] [1] : !S to !E
      %r = tile.alloc_local : memref<1xf32, #tile.reg>
      tile.apply "ld.shared.f32" (%r, %e) scope(thread) : memref<1xf32, #tile.reg>, !E
      tile.apply "fma.rn.f32" (%r, %r, %two, %onef) scope(thread) : memref<1xf32, #tile.reg>, memref<1xf32, #tile.reg>, f32, f32
      tile.apply "st.shared.f32" (%e, %r) scope(thread) : !E, memref<1xf32, #tile.reg>
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      gpu.barrier
      scf.if %is0 {
        %st = tile.alloc_local : !St
        tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar2, %bytes) scope(thread) : !St, !Bar, i32
        tile.apply "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes" (%T, %S, %bytes, %bar2) scope(thread) : !S, !S, i32, !Bar
        %p2 = tile.alloc_local : !P
        scf.while : () -> () {
          tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p2, %bar2, %zero) scope(thread) : !P, !Bar, i32
          %done2 = memref.load %p2[%c0] : !P
          %again2 = arith.xori %done2, %true : i1
          scf.condition(%again2)
        } do {
          scf.yield
        }
        tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%B, %T, %bytes) scope(thread) : !G, !S, i32
        tile.apply "cp.async.bulk.commit_group" () scope(thread)
        tile.apply "cp.async.bulk.wait_group" (%zero) scope(thread) : i32
      }
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %hA = memref.alloc() : !G
    scf.for %i = %c0 to %c64 step %c1 {
      %i32 = arith.index_cast %i : index to i32
      %f = arith.sitofp %i32 : i32 to f32
      memref.store %f, %hA[%i] : !G
    }
    %dA = gpu.alloc () : !G
    %dB = gpu.alloc () : !G
    gpu.memcpy %dA, %hA : !G, !G
    gpu.launch_func @kernels::@k clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%dA : !G, %dB : !G)
    %hB = memref.alloc() : !G
    gpu.memcpy %hB, %dB : !G, !G
    %u = memref.cast %hB : !G to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
