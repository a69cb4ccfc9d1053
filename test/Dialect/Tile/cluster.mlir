// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// Another CTA's shared memory: mapa.shared::cluster.u64 maps a workgroup
// memref's address into CTA b of the cluster (its a is the memref, written
// as a bare address; its d a 64-bit register), and mbarrier.arrive on a
// .shared::cluster barrier takes that register in brackets and returns no
// state (the sink `_`, bound to no operand), with or without a count and
// an ordering. The rejections: the 32-bit and generic mapa, a mapa of
// global memory, a .shared::cluster arrive given a memref, or given a
// state destination (read as the count), a chip below sm_90.

#WS = #gpu.address_space<workgroup>
!Bar = memref<1xi64, strided<[1], offset: ?>, #WS>
!R = memref<1xi64, #tile.reg>
// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "mapa.shared::cluster.u64"(%{{[0-9]+}}, %arg0, %arg1) scope(thread)
// CHECK: tile.apply "mbarrier.arrive.shared::cluster.b64"(%{{[0-9]+}}) scope(thread)
// CHECK: tile.apply "mbarrier.arrive.release.cluster.shared::cluster.b64"(%{{[0-9]+}}, %c2_i32) scope(thread)
// CHECK: tile.apply "mapa.shared::cluster.u64"(%{{[0-9]+}}, %{{.*}}, %arg1) scope(thread)
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%bar: !Bar, %rank: i32, %tile: memref<64x64xbf16, #WS>) kernel {
    %two = arith.constant 2 : i32
    %r = tile.alloc_local : !R
    tile.apply "mapa.shared::cluster.u64" (%r, %bar, %rank) scope(thread) : !R, !Bar, i32
    tile.apply "mbarrier.arrive.shared::cluster.b64" (%r) scope(thread) : !R
    tile.apply "mbarrier.arrive.release.cluster.shared::cluster.b64" (%r, %two) scope(thread) : !R, i32
    // Any shared memory maps, whatever its element type: a one-element
    // view gives the address of its element.
    %first = memref.reinterpret_cast %tile to offset: [0], sizes: [1], strides: [1] : memref<64x64xbf16, #WS> to memref<1xbf16, strided<[1]>, #WS>
    %t = tile.alloc_local : !R
    tile.apply "mapa.shared::cluster.u64" (%t, %first, %rank) scope(thread) : !R, memref<1xbf16, strided<[1]>, #WS>, i32
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%bar: memref<1xi64, #WS>, %rank: i32) kernel {
    %r = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{tile-mlir writes shared addresses as 64-bit registers (a memref's pointer): write mapa.shared::cluster.u64}}
    tile.apply "mapa.shared::cluster.u32" (%r, %bar, %rank) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi64, #WS>, i32
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<1xi64>, %rank: i32) kernel {
    %r = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'mapa.u64': expected a memref in the workgroup memory space (#gpu.address_space<workgroup> or 3) for the .shared state space, got 'memref<1xi64>'}}
    tile.apply "mapa.u64" (%r, %g, %rank) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64>, i32
    gpu.return
  }
}

// -----

// Generic mapa (PTX ISA 7.8, sm_90): of a workgroup memref's generic
// address, or of a 64-bit register holding one (the operand tells the
// forms apart); getctarank.u64 of a generic address; ld and st through a
// generic address in a register.
// CHECK-LABEL: gpu.func @generic_mapa
#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @generic_mapa(%s: memref<1xi32, #WS>, %rank: i32) kernel {
    %r = tile.alloc_local : memref<1xi64, #tile.reg>
    %r2 = tile.alloc_local : memref<1xi64, #tile.reg>
    %c = tile.alloc_local : memref<1xi32, #tile.reg>
    %v = tile.alloc_local : memref<2xi32, #tile.reg>
    // CHECK: tile.apply "mapa.u64"(%{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi32, #gpu.address_space<workgroup>>, i32
    tile.apply "mapa.u64" (%r, %s, %rank) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi32, #WS>, i32
    // CHECK: tile.apply "mapa.u64"(%{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #tile.reg>, i32
    tile.apply "mapa.u64" (%r2, %r, %rank) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #tile.reg>, i32
    // CHECK: tile.apply "getctarank.u64"
    tile.apply "getctarank.u64" (%c, %r2) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi64, #tile.reg>
    // CHECK: tile.apply "ld.acquire.cluster.v2.u32"(%{{.*}}, %{{.*}}) scope(thread) : memref<2xi32, #tile.reg>, memref<1xi64, #tile.reg>
    tile.apply "ld.acquire.cluster.v2.u32" (%v, %r) scope(thread) : memref<2xi32, #tile.reg>, memref<1xi64, #tile.reg>
    // CHECK: tile.apply "st.u32"(%{{.*}}, %{{.*}}) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi32, #tile.reg>
    tile.apply "st.u32" (%r, %c) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi32, #tile.reg>
    // A weak generic access through a register takes a cache operator.
    // CHECK: tile.apply "ld.cg.u32"(%{{.*}}, %{{.*}}) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi64, #tile.reg>
    tile.apply "ld.cg.u32" (%c, %r) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi64, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<1xi64>, %rank: i32) kernel {
    %r = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{expected a memref in the workgroup memory space}}
    tile.apply "mapa.shared::cluster.u64" (%r, %g, %rank) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64>, i32
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%bar: memref<1xi64, #WS>) kernel {
    // The address of another CTA's barrier is mapa's register, not a memref.
    // expected-error @+1 {{expected a register tile (memref in #tile.reg)}}
    tile.apply "mbarrier.arrive.shared::cluster.b64" (%bar) scope(thread) : memref<1xi64, #WS>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%addr: i64) kernel {
    %st = tile.alloc_local : memref<1xi64, #tile.reg>
    // No state comes back from another CTA's barrier (the form is
    // `_, [addr]{, count}`): a second operand is the count.
    // expected-error @+1 {{operand #1 ('count') of 'mbarrier.arrive.shared::cluster.b64': expected a .u32 container (i32), got 'i64'}}
    tile.apply "mbarrier.arrive.shared::cluster.b64" (%st, %addr) scope(thread) : memref<1xi64, #tile.reg>, i64
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
  gpu.func @k(%bar: memref<1xi64, #WS>, %rank: i32) kernel {
    %r = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{'mapa.shared::cluster.u64' requires sm_90 or newer, but the target is sm_80}}
    tile.apply "mapa.shared::cluster.u64" (%r, %bar, %rank) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #WS>, i32
    gpu.return
  }
}

// -----

// ld and st of another CTA's shared memory take mapa's register in
// brackets: weak, ordered, vectors of at most 128 bits.
#WS = #gpu.address_space<workgroup>
!R = memref<1xi64, #tile.reg>
// CHECK-LABEL: gpu.func @dsmem
// CHECK: tile.apply "ld.shared::cluster.u32"(%{{[0-9]+}}, %{{[0-9]+}}) scope(thread)
// CHECK: tile.apply "ld.acquire.cluster.shared::cluster.v4.f32"(%{{[0-9]+}}, %{{[0-9]+}}) scope(thread)
// CHECK: tile.apply "st.release.cluster.shared::cluster.v2.b64"(%{{[0-9]+}}, %{{[0-9]+}}) scope(thread)
// CHECK: tile.apply "st.shared::cluster.s16"(%{{[0-9]+}}, %c7_i16) scope(thread)
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @dsmem(%s: memref<1xi32, #WS>, %rank: i32) kernel {
    %seven = arith.constant 7 : i16
    %a = tile.alloc_local : !R
    tile.apply "mapa.shared::cluster.u64" (%a, %s, %rank) scope(thread) : !R, memref<1xi32, #WS>, i32
    %v = tile.alloc_local : memref<1xi32, #tile.reg>
    tile.apply "ld.shared::cluster.u32" (%v, %a) scope(thread) : memref<1xi32, #tile.reg>, !R
    %w = tile.alloc_local : memref<4xf32, #tile.reg>
    tile.apply "ld.acquire.cluster.shared::cluster.v4.f32" (%w, %a) scope(thread) : memref<4xf32, #tile.reg>, !R
    %x = tile.alloc_local : memref<2xi64, #tile.reg>
    tile.apply "st.release.cluster.shared::cluster.v2.b64" (%a, %x) scope(thread) : !R, memref<2xi64, #tile.reg>
    tile.apply "st.shared::cluster.s16" (%a, %seven) scope(thread) : !R, i16
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%s: memref<1xi64, #WS>) kernel {
    %v = tile.alloc_local : memref<1xi32, #tile.reg>
    // Another CTA's shared memory has no memref: its address is mapa's
    // register.
    // expected-error @+1 {{expected a register tile (memref in #tile.reg)}}
    tile.apply "ld.shared::cluster.u32" (%v, %s) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi64, #WS>
    gpu.return
  }
}


// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : memref<1xi64, #tile.reg>
    %v = tile.alloc_local : memref<4xf64, #tile.reg>
    // expected-error @+1 {{qualifiers .v4, .shared::cluster cannot be combined for 'ld.f64' in 'ld.shared::cluster.v4.f64'}}
    tile.apply "ld.shared::cluster.v4.f64" (%v, %a) scope(thread) : memref<4xf64, #tile.reg>, memref<1xi64, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : memref<1xi64, #tile.reg>
    %v = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'ld.shared::cluster.u32' requires sm_90 or newer, but the target is sm_80}}
    tile.apply "ld.shared::cluster.u32" (%v, %a) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi64, #tile.reg>
    gpu.return
  }
}

// -----

// atom and red of another CTA's shared memory take mapa's register;
// getctarank names the CTA of such an address.
!R = memref<1xi64, #tile.reg>
// CHECK-LABEL: gpu.func @atomics
// CHECK: tile.apply "atom.acq_rel.cluster.shared::cluster.cas.b64"(%{{[0-9]+}}, %{{[0-9]+}}, %c1_i64, %c2_i64) scope(thread)
// CHECK: tile.apply "red.release.cluster.shared::cluster.xor.b32"(%{{[0-9]+}}, %c1_i32) scope(thread)
// CHECK: tile.apply "getctarank.shared::cluster.u64"(%{{[0-9]+}}, %{{[0-9]+}}) scope(thread)
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @atomics() kernel {
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %b = arith.constant 1 : i32
    %a = tile.alloc_local : !R
    %d = tile.alloc_local : !R
    tile.apply "atom.acq_rel.cluster.shared::cluster.cas.b64" (%d, %a, %one, %two) scope(thread) : !R, !R, i64, i64
    tile.apply "red.release.cluster.shared::cluster.xor.b32" (%a, %b) scope(thread) : !R, i32
    %rank = tile.alloc_local : memref<1xi32, #tile.reg>
    tile.apply "getctarank.shared::cluster.u64" (%rank, %a) scope(thread) : memref<1xi32, #tile.reg>, !R
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%x: f32) kernel {
    %a = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{the float adds on '.shared::cluster' (another CTA's shared memory) are not supported yet: whether the H200 flushes subnormals there is not measured}}
    tile.apply "red.shared::cluster.add.f32" (%a, %x) scope(thread) : memref<1xi64, #tile.reg>, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : memref<1xi32, #tile.reg>
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{tile-mlir writes shared addresses as 64-bit registers (mapa's): write getctarank.shared::cluster.u64}}
    tile.apply "getctarank.shared::cluster.u32" (%d, %a) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx78">] {
  gpu.func @k(%p: i64) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'getctarank.u64' requires sm_90}}
    tile.apply "getctarank.u64" (%d, %p) scope(thread) : memref<1xi32, #tile.reg>, i64
    gpu.return
  }
}

// -----

// st.async takes mapa's registers for its destination and its mbarrier,
// from PTX ISA 8.1.
!R = memref<1xi64, #tile.reg>
// CHECK-LABEL: gpu.func @async_store
// CHECK: tile.apply "st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) scope(thread)
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @async_store() kernel {
    %a = tile.alloc_local : !R
    %m = tile.alloc_local : !R
    %v = tile.alloc_local : memref<2xf32, #tile.reg>
    tile.apply "st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32" (%a, %v, %m) scope(thread) : !R, memref<2xf32, #tile.reg>, !R
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%v: i32) kernel {
    %a = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{'st.async.shared::cluster.mbarrier::complete_tx::bytes.u32' requires PTX ISA 8.1}}
    tile.apply "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32" (%a, %v, %a) scope(thread) : memref<1xi64, #tile.reg>, i32, memref<1xi64, #tile.reg>
    gpu.return
  }
}

// -----

// red.async takes mapa's registers for its element and its mbarrier, from
// PTX ISA 8.1; the ISA's op and type lines only, and .shared::cluster.
!R = memref<1xi64, #tile.reg>
// CHECK-LABEL: gpu.func @async_reduce
// CHECK: tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.dec.u32"(%{{[0-9]+}}, %{{.*}}, %{{[0-9]+}}) scope(thread)
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @async_reduce(%v: i32) kernel {
    %a = tile.alloc_local : !R
    %m = tile.alloc_local : !R
    tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.dec.u32" (%a, %v, %m) scope(thread) : !R, i32, !R
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k(%v: i32, %w: i64) kernel {
    %a = tile.alloc_local : !R
    // expected-error @+1 {{'red.async.relaxed.cluster.mbarrier::complete_tx::bytes.add.u32' is not supported: generic addressing (no state space) is not supported}}
    tile.apply "red.async.relaxed.cluster.mbarrier::complete_tx::bytes.add.u32" (%a, %v, %a) scope(thread) : !R, i32, !R
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k(%w: i64) kernel {
    %a = tile.alloc_local : !R
    // expected-error @+1 {{the ISA's red.async adds .u32, .s32 and .u64 (ptxas 13.0 also accepts .add.s64)}}
    tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.s64" (%a, %w, %a) scope(thread) : !R, i64, !R
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k(%v: i32) kernel {
    %a = tile.alloc_local : !R
    // expected-error @+1 {{qualifier .min is not allowed for 'red.b32'}}
    tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.min.b32" (%a, %v, %a) scope(thread) : !R, i32, !R
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k(%v: i32) kernel {
    %a = tile.alloc_local : !R
    // expected-error @+1 {{qualifiers .async, .relaxed.gpu cannot be combined for 'red.u32'}}
    tile.apply "red.async.relaxed.gpu.shared::cluster.mbarrier::complete_tx::bytes.add.u32" (%a, %v, %a) scope(thread) : !R, i32, !R
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%v: i32) kernel {
    %a = tile.alloc_local : !R
    // expected-error @+1 {{'red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.xor.b32' requires PTX ISA 8.1}}
    tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.xor.b32" (%a, %v, %a) scope(thread) : !R, i32, !R
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k(%v: f32) kernel {
    %a = tile.alloc_local : !R
    // expected-error @+1 {{qualifier .async, .shared::cluster, .mbarrier::complete_tx::bytes is not allowed for 'red.f32'}}
    tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.f32" (%a, %v, %a) scope(thread) : !R, f32, !R
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k(%v: i64) kernel {
    %a = tile.alloc_local : !R
    // expected-error @+1 {{qualifier .async, .mbarrier::complete_tx::bytes is not allowed for 'red.b64'}}
    tile.apply "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.and.b64" (%a, %v, %a) scope(thread) : !R, i64, !R
    gpu.return
  }
}
