// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// The bulk asynchronous copies: the documented spellings parse and verify
// over memrefs of any element type whose atom axis is the copy; the bytes,
// their alignment, the operands' agreement, a constant size, the state
// spaces, a reduction's element type and the floors are checked.

!W = memref<32xf32, #gpu.address_space<workgroup>>
!B = memref<1xi64, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "cp.async.bulk.prefetch.L2.global"
// CHECK: tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
// CHECK: tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint"
// CHECK: tile.apply "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes"
// CHECK: tile.apply "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint"
// CHECK: tile.apply "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32"
// CHECK: tile.apply "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.inc.u32"
// CHECK: tile.apply "cp.async.bulk.commit_group"() scope(thread){{$}}
// CHECK: tile.apply "cp.async.bulk.wait_group.read"
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%A: memref<32xf32>, %A8: memref<128xi8>, %n: i32, %pol: i64, %m: i16) workgroup(%S: !W, %T: memref<2x32xi32, #gpu.address_space<workgroup>>, %bar: !B) kernel {
    %c128 = arith.constant 128 : i32
    %c0 = arith.constant 0 : i32
    %t0 = memref.subview %T[0, 0] [1, 32] [1, 1] : memref<2x32xi32, #gpu.address_space<workgroup>> to memref<32xi32, strided<[1]>, #gpu.address_space<workgroup>>
    %t1 = memref.subview %T[1, 0] [1, 32] [1, 1] : memref<2x32xi32, #gpu.address_space<workgroup>> to memref<32xi32, strided<[1], offset: 32>, #gpu.address_space<workgroup>>
    tile.apply "cp.async.bulk.prefetch.L2.global" (%A, %n) scope(thread) : memref<32xf32>, i32
    tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %A8, %c128, %bar) scope(thread) : !W, memref<128xi8>, i32, !B
    tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint" (%S, %A, %n, %bar, %m, %pol) scope(thread) : !W, memref<32xf32>, i32, !B, i16, i64
    tile.apply "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes" (%t1, %t0, %c128, %bar) scope(thread) : memref<32xi32, strided<[1], offset: 32>, #gpu.address_space<workgroup>>, memref<32xi32, strided<[1]>, #gpu.address_space<workgroup>>, i32, !B
    tile.apply "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint" (%A, %S, %c128, %pol) scope(thread) : memref<32xf32>, !W, i32, i64
    tile.apply "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32" (%A, %S, %c128) scope(thread) : memref<32xf32>, !W, i32
    tile.apply "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.inc.u32" (%t1, %t0, %n, %bar) scope(thread) : memref<32xi32, strided<[1], offset: 32>, #gpu.address_space<workgroup>>, memref<32xi32, strided<[1]>, #gpu.address_space<workgroup>>, i32, !B
    tile.apply "cp.async.bulk.commit_group" () scope(thread)
    tile.apply "cp.async.bulk.wait_group.read" (%c0) scope(thread) : i32
    gpu.return
  }
}

// -----

func.func @size_not_16(%A: memref<32xf32>, %S: memref<32xf32, #gpu.address_space<workgroup>>) {
  %c = arith.constant 120 : i32
  // expected-error @below {{operand #2 ('size') of 'cp.async.bulk.global.shared::cta.bulk_group': a bulk copy moves a multiple of 16 bytes, at most the 128 its memory operands hold, got 120}}
  tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%A, %S, %c) scope(thread) : memref<32xf32>, memref<32xf32, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @size_too_big(%A: memref<32xf32>, %S: memref<32xf32, #gpu.address_space<workgroup>>) {
  %c = arith.constant 144 : i32
  // expected-error @below {{a bulk copy moves a multiple of 16 bytes, at most the 128 its memory operands hold, got 144}}
  tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%A, %S, %c) scope(thread) : memref<32xf32>, memref<32xf32, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @bytes_differ(%A: memref<64xf32>, %S: memref<32xf32, #gpu.address_space<workgroup>>, %n: i32) {
  // expected-error @below {{operand #1 ('srcMem') of 'cp.async.bulk.global.shared::cta.bulk_group' holds 128 bytes, operand #0 holds 256: a bulk copy's operands hold the same bytes}}
  tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%A, %S, %n) scope(thread) : memref<64xf32>, memref<32xf32, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @not_whole_16(%A: memref<3xf32>, %S: memref<3xf32, #gpu.address_space<workgroup>>, %n: i32) {
  // expected-error @below {{operand #0 ('dstMem') of 'cp.async.bulk.global.shared::cta.bulk_group': a bulk copy moves a multiple of 16 bytes, but the atom axis holds 12}}
  tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%A, %S, %n) scope(thread) : memref<3xf32>, memref<3xf32, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @strided(%A: memref<8xf32, strided<[2]>>, %S: memref<8xf32, #gpu.address_space<workgroup>>, %n: i32) {
  // expected-error @below {{a bulk copy moves contiguous bytes: expected stride 1 on the atom axis}}
  tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%A, %S, %n) scope(thread) : memref<8xf32, strided<[2]>>, memref<8xf32, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @misaligned(%A: memref<4xf32, strided<[1], offset: 1>>, %S: memref<4xf32, #gpu.address_space<workgroup>>, %n: i32) {
  // expected-error @below {{a bulk copy's address must be 16-byte aligned, but the layout puts one at a multiple of 4 bytes}}
  tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%A, %S, %n) scope(thread) : memref<4xf32, strided<[1], offset: 1>>, memref<4xf32, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @bits(%A: memref<128xi1>, %S: memref<128xi1, #gpu.address_space<workgroup>>, %n: i32) {
  // expected-error @below {{a bulk copy moves bytes: expected an integer or float element type of whole bytes, got 'i1'}}
  tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%A, %S, %n) scope(thread) : memref<128xi1>, memref<128xi1, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @reduce_type(%A: memref<64xf16>, %S: memref<64xf16, #gpu.address_space<workgroup>>, %n: i32) {
  // expected-error @below {{operand #0 ('dstMem') of 'cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32': expected element type}}
  tile.apply "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32" (%A, %S, %n) scope(thread) : memref<64xf16>, memref<64xf16, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @wrong_space(%A: memref<32xf32>, %bar: memref<1xi64, #gpu.address_space<workgroup>>, %n: i32) {
  // expected-error @below {{operand #0 ('dstMem') of 'cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes': expected a memref in the workgroup memory space}}
  tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%A, %A, %n, %bar) scope(thread) : memref<32xf32>, memref<32xf32>, i32, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

// The .shared::cta destination from PTX ISA 8.6.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx85">] {
  gpu.func @floor(%A: memref<32xf32>, %n: i32) workgroup(%S: memref<32xf32, #gpu.address_space<workgroup>>, %bar: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    // expected-error @below {{'cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes' requires PTX ISA 8.6, but the target's PTX ISA is 8.5}}
    tile.apply "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes" (%S, %A, %n, %bar) scope(thread) : memref<32xf32, #gpu.address_space<workgroup>>, memref<32xf32>, i32, memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Bulk copies from sm_90.
gpu.module @m [#nvvm.target<chip = "sm_89", features = "+ptx80">] {
  gpu.func @chip(%A: memref<32xf32>, %n: i32) workgroup(%S: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
    // expected-error @below {{'cp.async.bulk.global.shared::cta.bulk_group' requires sm_90 or newer, but the target is sm_89}}
    tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%A, %S, %n) scope(thread) : memref<32xf32>, memref<32xf32, #gpu.address_space<workgroup>>, i32
    gpu.return
  }
}

// -----

func.func @redop_after_type(%A: memref<32xf32>, %S: memref<32xf32, #gpu.address_space<workgroup>>, %n: i32) {
  // expected-error @below {{'cp.reduce.async.bulk.global.shared::cta.bulk_group.f32.add' is not a documented PTX form: the ISA writes the reduction operator (and .noftz) before the type suffix}}
  tile.apply "cp.reduce.async.bulk.global.shared::cta.bulk_group.f32.add" (%A, %S, %n) scope(thread) : memref<32xf32>, memref<32xf32, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @multicast_cta(%A: memref<32xf32>, %S: memref<32xf32, #gpu.address_space<workgroup>>, %bar: memref<1xi64, #gpu.address_space<workgroup>>, %n: i32, %m: i16) {
  // expected-error @below {{qualifiers .shared::cta, .multicast::cluster cannot be combined for 'cp'}}
  tile.apply "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.multicast::cluster" (%S, %A, %n, %bar, %m) scope(thread) : memref<32xf32, #gpu.address_space<workgroup>>, memref<32xf32>, i32, memref<1xi64, #gpu.address_space<workgroup>>, i16
  return
}

// -----

// Tensor copies: the tensor map is 128 bytes of any element type, its
// coordinates registers; the shared memory is the box.
// CHECK-LABEL: gpu.func @tensor
// CHECK: tile.apply "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes"
// CHECK: tile.apply "cp.async.bulk.tensor.5d.global.shared::cta.im2col_no_offs.bulk_group.L2::cache_hint"
// CHECK: tile.apply "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group"
// CHECK: tile.apply "cp.async.bulk.prefetch.tensor.3d.L2.global.im2col"
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @tensor(%map: memref<16xi64>, %x: i32, %pol: i64) workgroup(%S: memref<256xf16, #gpu.address_space<workgroup>>, %bar: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    %c5 = tile.alloc_local : memref<5xi32, #tile.reg>
    %c2 = tile.alloc_local : memref<2xi32, #tile.reg>
    %c3 = tile.alloc_local : memref<3xi32, #tile.reg>
    %o = tile.alloc_local : memref<1xi16, #tile.reg>
    tile.apply "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %map, %x, %bar) scope(thread) : memref<256xf16, #gpu.address_space<workgroup>>, memref<16xi64>, i32, memref<1xi64, #gpu.address_space<workgroup>>
    tile.apply "cp.async.bulk.tensor.5d.global.shared::cta.im2col_no_offs.bulk_group.L2::cache_hint" (%map, %c5, %S, %pol) scope(thread) : memref<16xi64>, memref<5xi32, #tile.reg>, memref<256xf16, #gpu.address_space<workgroup>>, i64
    tile.apply "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group" (%map, %c2, %S) scope(thread) : memref<16xi64>, memref<2xi32, #tile.reg>, memref<256xf16, #gpu.address_space<workgroup>>
    tile.apply "cp.async.bulk.prefetch.tensor.3d.L2.global.im2col" (%map, %c3, %o) scope(thread) : memref<16xi64>, memref<3xi32, #tile.reg>, memref<1xi16, #tile.reg>
    gpu.return
  }
}

// -----

func.func @map_bytes(%map: memref<64xi8>, %S: memref<64xf32, #gpu.address_space<workgroup>>, %c: memref<2xi32, #tile.reg>) {
  // expected-error @below {{operand #0 ('tensorMap') of 'cp.async.bulk.tensor.2d.global.shared::cta.bulk_group': a tensor map (CUtensorMap) holds 128 bytes, got 64}}
  tile.apply "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group" (%map, %c, %S) scope(thread) : memref<64xi8>, memref<2xi32, #tile.reg>, memref<64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @map_aligned(%map: memref<128xi8, strided<[1], offset: 32>>, %S: memref<64xf32, #gpu.address_space<workgroup>>, %c: memref<2xi32, #tile.reg>) {
  // expected-error @below {{a tensor map's address must be 64-byte aligned, but the layout puts one at a multiple of 32 bytes}}
  tile.apply "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group" (%map, %c, %S) scope(thread) : memref<128xi8, strided<[1], offset: 32>>, memref<2xi32, #tile.reg>, memref<64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @box_aligned(%map: memref<128xi8>, %S: memref<64xf32, strided<[1], offset: 4>, #gpu.address_space<workgroup>>, %c: memref<2xi32, #tile.reg>) {
  // expected-error @below {{operand #2 ('srcMem') of 'cp.async.bulk.tensor.2d.global.shared::cta.bulk_group': a bulk copy's address must be 128-byte aligned, but the layout puts one at a multiple of 16 bytes}}
  tile.apply "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group" (%map, %c, %S) scope(thread) : memref<128xi8>, memref<2xi32, #tile.reg>, memref<64xf32, strided<[1], offset: 4>, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @coords_count(%map: memref<128xi8>, %S: memref<64xf32, #gpu.address_space<workgroup>>, %c: memref<3xi32, #tile.reg>) {
  // expected-error @below {{operand #1 ('tensorCoords') of 'cp.async.bulk.tensor.2d.global.shared::cta.bulk_group': expected atom extent 2 (native registers per instruction), got 3}}
  tile.apply "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group" (%map, %c, %S) scope(thread) : memref<128xi8>, memref<3xi32, #tile.reg>, memref<64xf32, #gpu.address_space<workgroup>>
  return
}
