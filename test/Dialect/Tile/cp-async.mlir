// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// cp.async: the copy's size is the memory operands' atom and the cp-size
// immediate; forms of one spelling are told apart by the operands (a
// trailing u32 src-size or an i1 ignore-src); the groups have no operands.

!D = memref<4x4xi32, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "cp.async.cg.shared.global"(%{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<4x4xi32, #gpu.address_space<workgroup>>, memref<4x4xi32>, i32
// CHECK: tile.apply "cp.async.ca.shared.global"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<4x4xi32, #gpu.address_space<workgroup>>, memref<4x4xi32>, i32, i32
// CHECK: tile.apply "cp.async.ca.shared::cta.global.L2::256B"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<4x4xi32, #gpu.address_space<workgroup>>, memref<4x4xi32>, i32, i1
// CHECK: tile.apply "cp.async.ca.shared.global"(%{{.*}}, %{{.*}}, %{{.*}}) scope(warp) : memref<32x2x1xf32, #gpu.address_space<workgroup>>, memref<32x2x1xf32>, i32
// CHECK: tile.apply "cp.async.commit_group"() scope(thread){{$}}
// CHECK: tile.apply "cp.async.wait_group"(%{{.*}}) scope(thread) : i32
// CHECK: tile.apply "cp.async.wait_all"() scope(thread){{$}}
// CHECK: tile.apply "cp.async.wait_group"(%{{.*}}) scope(thread) : i32
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x4xi32>, %g1: memref<32x2x1xf32>, %n: i32, %z: i1)
      workgroup(%s: !D, %s1: memref<32x2x1xf32, #gpu.address_space<workgroup>>) kernel {
    %c16 = arith.constant 16 : i32
    %c4 = arith.constant 4 : i32
    %c1 = arith.constant 1 : i32
    tile.apply "cp.async.cg.shared.global" (%s, %g, %c16) scope(thread) : !D, memref<4x4xi32>, i32
    tile.apply "cp.async.ca.shared.global" (%s, %g, %c16, %n) scope(thread) : !D, memref<4x4xi32>, i32, i32
    tile.apply "cp.async.ca.shared::cta.global.L2::256B" (%s, %g, %c16, %z) scope(thread) : !D, memref<4x4xi32>, i32, i1
    tile.apply "cp.async.ca.shared.global" (%s1, %g1, %c4) scope(warp) : memref<32x2x1xf32, #gpu.address_space<workgroup>>, memref<32x2x1xf32>, i32
    tile.apply "cp.async.commit_group" () scope(thread)
    tile.apply "cp.async.wait_group" (%c1) scope(thread) : i32
    tile.apply "cp.async.wait_all" () scope(thread)
    // N is a .u32 immediate: the i32 constant's bits, unsigned (ptxas 13.0
    // takes the whole range).
    %big = arith.constant 4294967295 : i32
    tile.apply "cp.async.wait_group" (%big) scope(thread) : i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x4xi32>) workgroup(%s: memref<4x4xi32, #gpu.address_space<workgroup>>) kernel {
    %c8 = arith.constant 8 : i32
    // expected-error @+1 {{operand #2 ('cp-size') of 'cp.async.ca.shared.global': immediate 8 is out of range 16..16}}
    tile.apply "cp.async.ca.shared.global" (%s, %g, %c8) scope(thread) : memref<4x4xi32, #gpu.address_space<workgroup>>, memref<4x4xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x2xi32>) workgroup(%s: memref<4x2xi32, #gpu.address_space<workgroup>>) kernel {
    %c8 = arith.constant 8 : i32
    // expected-error @+1 {{operand #0 ('dst') of 'cp.async.cg.shared.global': expected atom extent 4 (native registers per instruction), got 2}}
    tile.apply "cp.async.cg.shared.global" (%s, %g, %c8) scope(thread) : memref<4x2xi32, #gpu.address_space<workgroup>>, memref<4x2xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x4xi32>, %n: i32) workgroup(%s: memref<4x4xi32, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{operand #2 ('cp-size') of 'cp.async.cg.shared.global': expected an immediate: a constant integer in 16..16 (arith.constant), got a value computed at run time}}
    tile.apply "cp.async.cg.shared.global" (%s, %g, %n) scope(thread) : memref<4x4xi32, #gpu.address_space<workgroup>>, memref<4x4xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x4xi32>) workgroup(%s: memref<4x6xi32, #gpu.address_space<workgroup>>) kernel {
    %c16 = arith.constant 16 : i32
    %v = memref.subview %s[0, 1] [4, 4] [1, 1] : memref<4x6xi32, #gpu.address_space<workgroup>> to memref<4x4xi32, strided<[6, 1], offset: 1>, #gpu.address_space<workgroup>>
    // expected-error @+1 {{a 16-byte vector access must be 16-byte aligned, but the layout puts one at a multiple of 4 bytes}}
    tile.apply "cp.async.cg.shared.global" (%v, %g, %c16) scope(thread) : memref<4x4xi32, strided<[6, 1], offset: 1>, #gpu.address_space<workgroup>>, memref<4x4xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x4xi32>) workgroup(%s: memref<4x4xi32, #gpu.address_space<workgroup>>) kernel {
    %c16 = arith.constant 16 : i32
    // expected-error @+1 {{operand #1 ('src') of 'cp.async.cg.shared.global': expected a memref in the global or default memory space for the .global state space}}
    tile.apply "cp.async.cg.shared.global" (%s, %s, %c16) scope(thread) : memref<4x4xi32, #gpu.address_space<workgroup>>, memref<4x4xi32, #gpu.address_space<workgroup>>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%g: memref<4x4xi32>, %z: i1) workgroup(%s: memref<4x4xi32, #gpu.address_space<workgroup>>) kernel {
    %c16 = arith.constant 16 : i32
    // ignore-src needs PTX ISA 7.5; sm_80's default is 7.0.
    // expected-error @+1 {{'cp.async.cg.shared::cta.global' requires PTX ISA 7.5}}
    tile.apply "cp.async.cg.shared::cta.global" (%s, %g, %c16, %z) scope(thread) : memref<4x4xi32, #gpu.address_space<workgroup>>, memref<4x4xi32>, i32, i1
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_75">] {
  gpu.func @k() kernel {
    // expected-error @+1 {{'cp.async.commit_group' requires sm_80 or newer, but the target is sm_75}}
    tile.apply "cp.async.commit_group" () scope(thread)
    gpu.return
  }
}

// -----

// .L2::cache_hint takes a 64-bit cache policy after the other operands
// (PTX ISA 7.4); without the qualifier, a fourth operand is src-size.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4xi32>, %n: i32, %pol: i64) workgroup(%s: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
    %c16 = arith.constant 16 : i32
    // expected-error @+1 {{operand #3 ('cache-policy') of 'cp.async.cg.shared.global.L2::cache_hint': expected a .b64 container (f64 or i64), got 'i32'}}
    tile.apply "cp.async.cg.shared.global.L2::cache_hint" (%s, %g, %c16, %n) scope(thread) : memref<4xi32, #gpu.address_space<workgroup>>, memref<4xi32>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4xi32>, %pol: i64) workgroup(%s: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
    %c16 = arith.constant 16 : i32
    // expected-error @+1 {{operand #3 ('src-size') of 'cp.async.cg.shared.global': expected a .u32 container (i32), got 'i64'}}
    tile.apply "cp.async.cg.shared.global" (%s, %g, %c16, %pol) scope(thread) : memref<4xi32, #gpu.address_space<workgroup>>, memref<4xi32>, i32, i64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx73">] {
  gpu.func @k(%g: memref<4xi32>, %pol: i64) workgroup(%s: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
    %c16 = arith.constant 16 : i32
    // expected-error @+1 {{'cp.async.cg.shared.global.L2::cache_hint' requires PTX ISA 7.4, but the target's PTX ISA is 7.3 (raise it with the '+ptx74' feature)}}
    tile.apply "cp.async.cg.shared.global.L2::cache_hint" (%s, %g, %c16, %pol) scope(thread) : memref<4xi32, #gpu.address_space<workgroup>>, memref<4xi32>, i32, i64
    gpu.return
  }
}

// -----

// cp.async.mbarrier.arrive: the mbarrier is one .b64 in shared memory.
// CHECK-LABEL: gpu.func @arrive
// CHECK: tile.apply "cp.async.mbarrier.arrive.shared.b64"(%{{.*}}) scope(thread) : memref<1xi64, #gpu.address_space<workgroup>>
// CHECK: tile.apply "cp.async.mbarrier.arrive.noinc.shared::cta.b64"(%{{.*}}) scope(thread) : memref<1xi64, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @arrive() workgroup(%bar: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    tile.apply "cp.async.mbarrier.arrive.shared.b64" (%bar) scope(thread) : memref<1xi64, #gpu.address_space<workgroup>>
    tile.apply "cp.async.mbarrier.arrive.shared::cta.noinc.b64" (%bar) scope(thread) : memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%bar: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{'cp.async.mbarrier.arrive.b64' is not supported: generic addressing (no state space) is not supported: the mbarrier operand is a workgroup memref, so write .shared (or .shared::cta)}}
    tile.apply "cp.async.mbarrier.arrive.b64" (%bar) scope(thread) : memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<1xi64>) kernel {
    // expected-error @+1 {{operand #0 ('addr') of 'cp.async.mbarrier.arrive.shared.b64': expected a memref in the workgroup memory space (#gpu.address_space<workgroup> or 3) for the .shared state space}}
    tile.apply "cp.async.mbarrier.arrive.shared.b64" (%g) scope(thread) : memref<1xi64>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx77">] {
  gpu.func @k() workgroup(%bar: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    // .shared::cta needs PTX ISA 7.8 here, as for ldmatrix.
    // expected-error @+1 {{'cp.async.mbarrier.arrive.shared::cta.b64' requires PTX ISA 7.8}}
    tile.apply "cp.async.mbarrier.arrive.shared::cta.b64" (%bar) scope(thread) : memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%bar: memref<2xi32, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{operand #0 ('addr') of 'cp.async.mbarrier.arrive.shared.b64': expected element type}}
    tile.apply "cp.async.mbarrier.arrive.shared.b64" (%bar) scope(thread) : memref<2xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%bar: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    // ptxas 13.0 takes the state space after the type; the ISA does not.
    // expected-error @+1 {{'cp.async.mbarrier.arrive.b64.shared' is not a documented PTX form: the ISA writes the state space before the type suffix (cp.async.mbarrier.arrive.shared.b64); ptxas 13.0 accepts it after}}
    tile.apply "cp.async.mbarrier.arrive.b64.shared" (%bar) scope(thread) : memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}
