// red.async into another CTA's shared memory: 2 CTAs of 32 threads in one
// cluster. Thread k < 8 of each CTA sets its counter S[k] to 100 k + r
// (r its rank) and thread 0 sets D to r, initializes the barrier (one
// arrival) and arrives with expect_tx 1280 (32 threads of the peer, 8
// 4-byte and one 8-byte reduction each); the cluster meets. Thread t maps
// the peer's counters and barrier (mapa, rank r xor 1) and reduces into
// them with every op of red.async: add.u32 t into S[0], min.s32 t - 16
// into S[1], max.u32 3t into S[2], inc.u32 7 into S[3], dec.u32 5 into
// S[4], and.b32 ~(1 << t) into S[5], or.b32 1 << t into S[6], xor.b32
// (t + 1) * 2654435761 into S[7] and add.u64 t * 2^32 + 1 into D. Every
// thread waits for its own barrier's phase 0 and thread 0 copies S and D
// out. The expected values were computed by a separate Python model of
// the ISA's operations: inc wraps to 0 at 7 (32 increments from 300 + r:
// 0, then 1 to 7 four times), dec from 400 + r goes to 5, then 4 ... 0, 5
// (32 decrements: 4).
// Integration/CPU/cluster.mlir runs it on the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [2, 8]
// CHECK-NEXT: [496, -16, 200, 7, 4, 0, -1, -124115044]
// CHECK-NEXT: [497, -16, 201, 7, 4, 0, -1, -124115043]
// CHECK: sizes = [2]
// CHECK-NEXT: [2130303778848, 2130303778849]
#WS = #gpu.address_space<workgroup>
!S = memref<8xi32, #WS>
!E = memref<1xi32, strided<[1], offset: ?>, #WS>
!D = memref<1xi64, #WS>
!R = memref<1xi64, #tile.reg>
!P = memref<1xi1, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
    gpu.func @k(%Out: memref<2x8xi32>, %Out64: memref<2xi64>)
        workgroup(%S: !S, %D: !D, %bar: !D) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %i3 = arith.constant 3 : i32
      %i5 = arith.constant 5 : i32
      %i7 = arith.constant 7 : i32
      %i16 = arith.constant 16 : i32
      %c100 = arith.constant 100 : i32
      %minus1 = arith.constant -1 : i32
      %golden = arith.constant -1640531535 : i32
      %bytes = arith.constant 1280 : i32
      %i32c = arith.constant 32 : i64
      %one64 = arith.constant 1 : i64
      %true = arith.constant true
      %tid = gpu.thread_id x
      %t32 = arith.index_cast %tid : index to i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %ri = arith.index_cast %rank : i32 to index
      %peer = arith.xori %rank, %one : i32
      %low = arith.cmpi ult, %tid, %c8 : index
      scf.if %low {
        %k = arith.index_cast %tid : index to i32
        %k100 = arith.muli %k, %c100 : i32
        %init = arith.addi %k100, %rank : i32
        memref.store %init, %S[%tid] : !S
      }
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        %r64 = arith.extui %rank : i32 to i64
        memref.store %r64, %D[%c0] : !D
        tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !D, i32
        tile.apply "fence.mbarrier_init.release.cluster" () scope(thread)
        %st = tile.alloc_local : !R
        tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : !R, !D, i32
      }
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      %m = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%m, %bar, %peer) scope(thread) : !R, !D, i32
      %s0 = memref.subview %S[%c0] [1] [1] : !S to !E
      %s1 = memref.subview %S[%c1] [1] [1] : !S to !E
      %s2 = memref.subview %S[%c2] [1] [1] : !S to !E
      %s3 = memref.subview %S[%c3] [1] [1] : !S to !E
      %s4 = memref.subview %S[%c4] [1] [1] : !S to !E
      %s5 = memref.subview %S[%c5] [1] [1] : !S to !E
      %s6 = memref.subview %S[%c6] [1] [1] : !S to !E
      %s7 = memref.subview %S[%c7] [1] [1] : !S to !E
      %a0 = tile.alloc_local : !R
      %a1 = tile.alloc_local : !R
      %a2 = tile.alloc_local : !R
      %a3 = tile.alloc_local : !R
      %a4 = tile.alloc_local : !R
      %a5 = tile.alloc_local : !R
      %a6 = tile.alloc_local : !R
      %a7 = tile.alloc_local : !R
      %ad = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%a0, %s0, %peer) scope(thread) : !R, !E, i32
      tile.apply "mapa.shared::cluster.u64" (%a1, %s1, %peer) scope(thread) : !R, !E, i32
      tile.apply "mapa.shared::cluster.u64" (%a2, %s2, %peer) scope(thread) : !R, !E, i32
      tile.apply "mapa.shared::cluster.u64" (%a3, %s3, %peer) scope(thread) : !R, !E, i32
      tile.apply "mapa.shared::cluster.u64" (%a4, %s4, %peer) scope(thread) : !R, !E, i32
      tile.apply "mapa.shared::cluster.u64" (%a5, %s5, %peer) scope(thread) : !R, !E, i32
      tile.apply "mapa.shared::cluster.u64" (%a6, %s6, %peer) scope(thread) : !R, !E, i32
      tile.apply "mapa.shared::cluster.u64" (%a7, %s7, %peer) scope(thread) : !R, !E, i32
      tile.apply "mapa.shared::cluster.u64" (%ad, %D, %peer) scope(thread) : !R, !D, i32
      %tm16 = arith.subi %t32, %i16 : i32
      %t3 = arith.muli %t32, %i3 : i32
      %bit = arith.shli %one, %t32 : i32
      %nbit = arith.xori %bit, %minus1 : i32
      %t1 = arith.addi %t32, %one : i32
      %x = arith.muli %t1, %golden : i32
      %t64 = arith.extui %t32 : i32 to i64
      %hi = arith.shli %t64, %i32c : i64
      %w = arith.addi %hi, %one64 : i64
      tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32" (%a0, %t32, %m) scope(thread) : !R, i32, !R
      tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.min.s32" (%a1, %tm16, %m) scope(thread) : !R, i32, !R
      tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.max.u32" (%a2, %t3, %m) scope(thread) : !R, i32, !R
      tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32" (%a3, %i7, %m) scope(thread) : !R, i32, !R
      tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.dec.u32" (%a4, %i5, %m) scope(thread) : !R, i32, !R
      tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.and.b32" (%a5, %nbit, %m) scope(thread) : !R, i32, !R
      tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.or.b32" (%a6, %bit, %m) scope(thread) : !R, i32, !R
      tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.xor.b32" (%a7, %x, %m) scope(thread) : !R, i32, !R
      tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u64" (%ad, %w, %m) scope(thread) : !R, i64, !R
      %p = tile.alloc_local : !P
      scf.while : () -> () {
        tile.apply "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64" (%p, %bar, %zero) scope(thread) : !P, !D, i32
        %done = memref.load %p[%c0] : !P
        %again = arith.xori %done, %true : i1
        scf.condition(%again)
      } do {
        scf.yield
      }
      scf.if %is0 {
        scf.for %k = %c0 to %c8 step %c1 {
          %v = memref.load %S[%k] : !S
          memref.store %v, %Out[%ri, %k] : memref<2x8xi32>
        }
        %dv = memref.load %D[%c0] : !D
        memref.store %dv, %Out64[%ri] : memref<2xi64>
      }
      tile.apply "barrier.cluster.arrive" () scope(thread)
      tile.apply "barrier.cluster.wait" () scope(thread)
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %d = gpu.alloc () : memref<2x8xi32>
    %d64 = gpu.alloc () : memref<2xi64>
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : memref<2x8xi32>, %d64 : memref<2xi64>)
    %h = memref.alloc() : memref<2x8xi32>
    gpu.memcpy %h, %d : memref<2x8xi32>, memref<2x8xi32>
    %u = memref.cast %h : memref<2x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %h64 = memref.alloc() : memref<2xi64>
    gpu.memcpy %h64, %d64 : memref<2xi64>, memref<2xi64>
    %u64 = memref.cast %h64 : memref<2xi64> to memref<*xi64>
    call @printMemrefI64(%u64) : (memref<*xi64>) -> ()
    return
  }
}
