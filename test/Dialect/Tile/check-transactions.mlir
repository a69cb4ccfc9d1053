// RUN: tile-opt %s -split-input-file -tile-check-transactions -verify-diagnostics

// The bytes an mbarrier's expect_tx announces against the bytes the copies
// that complete on it deliver, where both are static within one block.

!W = memref<64xf32, #gpu.address_space<workgroup>>
!B = memref<1xi64, #gpu.address_space<workgroup>>
!S = memref<1xi64, #tile.reg>
func.func @matches(%A: memref<64xf32>, %S: !W, %bar: !B, %map: memref<128xi8>, %c: memref<2xi32, #tile.reg>) {
  %c256 = arith.constant 256 : i32
  %c128 = arith.constant 128 : i32
  %c16 = arith.constant 16 : i32
  %st = tile.alloc_local : !S
  // A tensor copy delivers its box: the destination's 256 bytes.
  tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %c256) scope(thread) : !S, !B, i32
  tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%S, %map, %c, %bar) scope(thread) : !W, memref<128xi8>, memref<2xi32, #tile.reg>, !B
  // Two copies of 128 bytes and a complete_tx of 16.
  tile.apply "mbarrier.expect_tx.shared::cta.b64" (%bar, %c256) scope(thread) : !B, i32
  %lo = memref.subview %S[0] [32] [1] : !W to memref<32xf32, strided<[1]>, #gpu.address_space<workgroup>>
  %glo = memref.subview %A[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%lo, %glo, %c128, %bar) scope(thread) : memref<32xf32, strided<[1]>, #gpu.address_space<workgroup>>, memref<32xf32, strided<[1]>>, i32, !B
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%lo, %glo, %c128, %bar) scope(thread) : memref<32xf32, strided<[1]>, #gpu.address_space<workgroup>>, memref<32xf32, strided<[1]>>, i32, !B
  tile.apply "mbarrier.expect_tx.shared::cta.b64" (%bar, %c16) scope(thread) : !B, i32
  tile.apply "mbarrier.complete_tx.shared::cta.b64" (%bar, %c16) scope(thread) : !B, i32
  return
}

// -----

!W = memref<64xf32, #gpu.address_space<workgroup>>
!B = memref<1xi64, #gpu.address_space<workgroup>>
func.func @too_few(%A: memref<64xf32>, %S: !W, %bar: !B) {
  %c256 = arith.constant 256 : i32
  %c240 = arith.constant 240 : i32
  %p = tile.alloc_local : memref<1xi1, #tile.reg>
  %z = arith.constant 0 : i32
  // expected-error @below {{announces 256 transaction bytes on this mbarrier, but the copies issued on it before its wait deliver 240: the phase would not complete, or would complete before all the data has arrived}}
  tile.apply "mbarrier.expect_tx.shared::cta.b64" (%bar, %c256) scope(thread) : !B, i32
  // expected-note @below {{this copy delivers 240 bytes}}
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %A, %c240, %bar) scope(thread) : !W, memref<64xf32>, i32, !B
  tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %z) scope(thread) : memref<1xi1, #tile.reg>, !B, i32
  return
}

// -----

!W = memref<512xf32, #gpu.address_space<workgroup>>
!B = memref<1xi64, #gpu.address_space<workgroup>>
!S = memref<1xi64, #tile.reg>
func.func @box_larger(%S: !W, %bar: !B, %map: memref<128xi8>, %c: memref<2xi32, #tile.reg>) {
  %c1024 = arith.constant 1024 : i32
  %st = tile.alloc_local : !S
  // expected-error @below {{announces 1024 transaction bytes on this mbarrier, but the copies issued on it before its wait deliver 2048}}
  tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %c1024) scope(thread) : !S, !B, i32
  // expected-note @below {{this copy delivers 2048 bytes}}
  tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%S, %map, %c, %bar) scope(thread) : !W, memref<128xi8>, memref<2xi32, #tile.reg>, !B
  return
}

// -----

// The next expect_tx on the barrier closes the record.
!W = memref<16xf32, #gpu.address_space<workgroup>>
!B = memref<1xi64, #gpu.address_space<workgroup>>
func.func @next_expect(%A: memref<16xf32>, %S: !W, %bar: !B) {
  %c128 = arith.constant 128 : i32
  %c64 = arith.constant 64 : i32
  // expected-error @below {{announces 128 transaction bytes on this mbarrier, but the copies issued on it before its wait deliver 64}}
  tile.apply "mbarrier.expect_tx.shared::cta.b64" (%bar, %c128) scope(thread) : !B, i32
  // expected-note @below {{this copy delivers 64 bytes}}
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %A, %c64, %bar) scope(thread) : !W, memref<16xf32>, i32, !B
  tile.apply "mbarrier.expect_tx.shared::cta.b64" (%bar, %c64) scope(thread) : !B, i32
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %A, %c64, %bar) scope(thread) : !W, memref<16xf32>, i32, !B
  return
}

// -----

// Not seen statically, so not checked: a size in a register, a copy under
// control flow, a multicast copy, a record without copies, a copy after
// the wait.
!W = memref<64xf32, #gpu.address_space<workgroup>>
!B = memref<1xi64, #gpu.address_space<workgroup>>
func.func @unknown(%A: memref<64xf32>, %S: !W, %bar: !B, %n: i32, %cond: i1, %m: i16) {
  %c256 = arith.constant 256 : i32
  %c128 = arith.constant 128 : i32
  %z = arith.constant 0 : i32
  %p = tile.alloc_local : memref<1xi1, #tile.reg>
  tile.apply "mbarrier.expect_tx.shared::cta.b64" (%bar, %c256) scope(thread) : !B, i32
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %A, %n, %bar) scope(thread) : !W, memref<64xf32>, i32, !B
  tile.apply "mbarrier.expect_tx.shared::cta.b64" (%bar, %c256) scope(thread) : !B, i32
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %A, %c128, %bar) scope(thread) : !W, memref<64xf32>, i32, !B
  scf.if %cond {
    tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %A, %c256, %bar) scope(thread) : !W, memref<64xf32>, i32, !B
  }
  tile.apply "mbarrier.expect_tx.shared::cta.b64" (%bar, %c256) scope(thread) : !B, i32
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster" (%S, %A, %c128, %bar, %m) scope(thread) : !W, memref<64xf32>, i32, !B, i16
  tile.apply "mbarrier.expect_tx.shared::cta.b64" (%bar, %c256) scope(thread) : !B, i32
  tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %z) scope(thread) : memref<1xi1, #tile.reg>, !B, i32
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %A, %c128, %bar) scope(thread) : !W, memref<64xf32>, i32, !B
  return
}
