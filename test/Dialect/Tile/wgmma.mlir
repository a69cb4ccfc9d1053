// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// wgmma.mma_async (sm_90a): the descriptor and register-A forms verify at
// warpgroup scope (group axes 4 x 32) and at cta scope over whole
// warpgroups; d is read in place, so a repeat axis along which it has
// stride 0 accumulates; the register-A form (no imm-trans-a) is told apart
// from the descriptor form of the same spelling by its operands. The
// rejections: a scope without whole warpgroups, a per-thread pred, an
// imm-scale other than -1 or 1, a run-time imm-trans, a fragment of the
// wrong size, a chip other than sm_90a, the mixed-signedness floor (PTX
// ISA 8.4), an N the integer shapes do not have.

!D16 = memref<4x32x8xf32, strided<[0, 0, 1]>, #tile.reg>
!Dk = memref<4x32x2x8xf32, strided<[0, 0, 0, 1]>, #tile.reg>
!Desc2 = memref<4x32x2x1xi64, strided<[0, 0, 1, 1]>, #tile.reg>
!A = memref<4x32x4xi32, strided<[0, 0, 1]>, #tile.reg>
!D8c = memref<8x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!I = memref<4x32x4xi32, strided<[0, 0, 1]>, #tile.reg>
// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16"({{.*}}) scope(warpgroup)
// CHECK: tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16"({{.*}}) scope(warpgroup)
// CHECK: tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16"(%{{[0-9]+}}, %{{[0-9]+}}, %arg1, %arg2, %c1_i32, %c1_i32, %c0_i32) scope(warpgroup)
// CHECK: tile.apply "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32"({{.*}}) scope(cta)
// CHECK: tile.apply "wgmma.mma_async.sync.aligned.m64n8k32.satfinite.s32.u8.s8"
// CHECK: tile.apply "wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.and.popc"
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx84">] {
  gpu.func @k(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %neg = arith.constant -1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D16
    tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16" (%d, %da, %db, %p, %one, %neg, %zero, %one) scope(warpgroup) : !D16, i64, i64, i1, i32, i32, i32, i32
    // K through two repeats: d stride 0, a descriptor per repeat.
    %dk = tile.alloc_local : !Dk
    %ad = tile.alloc_local : !Desc2
    %bd = tile.alloc_local : !Desc2
    tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16" (%dk, %ad, %bd, %p, %one, %one, %zero, %zero) scope(warpgroup) : !Dk, !Desc2, !Desc2, i1, i32, i32, i32, i32
    %a = tile.alloc_local : !A
    tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16" (%d, %a, %db, %p, %one, %one, %zero) scope(warpgroup) : !D16, !A, i64, i1, i32, i32, i32
    // Two warpgroups of a CTA, each its own.
    %d8 = tile.alloc_local : !D8c
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32" (%d8, %da, %db, %p, %one, %one) scope(cta) : !D8c, i64, i64, i1, i32, i32
    %i = tile.alloc_local : !I
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k32.satfinite.s32.u8.s8" (%i, %da, %db, %p) scope(warpgroup) : !I, i64, i64, i1
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.and.popc" (%i, %da, %db, %p) scope(warpgroup) : !I, i64, i64, i1
    gpu.return
  }
}

// -----

!D = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    // expected-error @below {{'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16' is a warpgroup-level instruction: its operands are fragments spread over the 128 threads of a warpgroup; write scope(warpgroup) with group axes 4 x 32 (or cta with whole warpgroups)}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warp) : !D, i64, i64, i1, i32, i32, i32, i32
    gpu.return
  }
}

// -----

!D = memref<2x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    // expected-error @below {{needs whole warpgroups: group axes (4, 32) or a multiple of 4 warps, got (2, 32)}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(cta) : !D, i64, i64, i1, i32, i32, i32, i32
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k(%da: i64, %db: i64, %p: i1, %q: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    // expected-error @below {{'pred' is not allowed on 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16': .aligned needs every thread of the warpgroup to execute it}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) pred(%q) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    // expected-error @below {{operand #4 ('imm-scale-a') of 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16': immediate 0 must be one of -1 1}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %zero, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k(%da: i64, %db: i64, %p: i1, %t: i32) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    // expected-error @below {{operand #6 ('imm-trans-a') of 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16': expected an immediate: a constant integer in 0..1 (arith.constant), got a value computed at run time}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %t, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    gpu.return
  }
}

// -----

!D = memref<4x32x8xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    // expected-error @below {{operand #0 ('d') of 'wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16': expected atom extent 4 (native registers per instruction), got 8}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    // expected-error @below {{sm_90a}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    gpu.return
  }
}

// -----

!D = memref<4x32x4xi32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k(%da: i64, %db: i64, %p: i1) kernel {
    %d = tile.alloc_local : !D
    // expected-error @below {{PTX ISA 8.4}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8" (%d, %da, %db, %p) scope(warpgroup) : !D, i64, i64, i1
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k() kernel {
    // expected-error @below {{qualifier .m64n40k32 is not allowed for 'wgmma.s32.s8.s8'}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8" () scope(warpgroup)
    gpu.return
  }
}

// -----

// tile.wgmma_desc: a shared-memory buffer, a swizzle mode of the table,
// LBO and SBO multiples of 16 that fit their 14-bit fields (18 bits of
// bytes), a 16-byte aligned start.
#WS = #gpu.address_space<workgroup>
// CHECK-LABEL: gpu.func @desc
// CHECK: tile.wgmma_desc %{{.*}} swizzle("128B") lbo(16) sbo(1024) : memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK: tile.wgmma_desc %{{.*}} swizzle("none") lbo(128) sbo(262128) : memref<8xf32, strided<[1], offset: 4>, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @desc() workgroup(%s: memref<64x64xbf16, #WS>, %t: memref<16xf32, #WS>) kernel {
    %d = tile.wgmma_desc %s swizzle("128B") lbo(16) sbo(1024) : memref<64x64xbf16, #WS>
    %v = memref.subview %t[4] [8] [1] : memref<16xf32, #WS> to memref<8xf32, strided<[1], offset: 4>, #WS>
    %e = tile.wgmma_desc %v swizzle("none") lbo(128) sbo(262128) : memref<8xf32, strided<[1], offset: 4>, #WS>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @desc(%g: memref<64xbf16>) kernel {
    // expected-error @below {{expected a memref in the workgroup memory space (#gpu.address_space<workgroup> or 3), got 'memref<64xbf16>'}}
    %d = tile.wgmma_desc %g swizzle("128B") lbo(16) sbo(1024) : memref<64xbf16>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @desc() workgroup(%s: memref<64xbf16, #WS>) kernel {
    // expected-error @below {{unknown swizzle mode "256B" (the table has "none", "128B", "64B", "32B")}}
    %d = tile.wgmma_desc %s swizzle("256B") lbo(16) sbo(1024) : memref<64xbf16, #WS>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @desc() workgroup(%s: memref<64xbf16, #WS>) kernel {
    // expected-error @below {{lbo must be a multiple of 16 bytes below 262144 (the descriptor's leading_byte_offset field), got 24}}
    %d = tile.wgmma_desc %s swizzle("none") lbo(24) sbo(1024) : memref<64xbf16, #WS>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @desc() workgroup(%s: memref<64xbf16, #WS>) kernel {
    // expected-error @below {{sbo must be a multiple of 16 bytes below 262144 (the descriptor's stride_byte_offset field), got 262144}}
    %d = tile.wgmma_desc %s swizzle("none") lbo(16) sbo(262144) : memref<64xbf16, #WS>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @desc() workgroup(%s: memref<64xbf16, #WS>) kernel {
    %v = memref.subview %s[4] [8] [1] : memref<64xbf16, #WS> to memref<8xbf16, strided<[1], offset: 4>, #WS>
    // expected-error @below {{the matrix must start 16-byte aligned, but its offset is 4 elements of 16 bits}}
    %d = tile.wgmma_desc %v swizzle("none") lbo(16) sbo(16) : memref<8xbf16, strided<[1], offset: 4>, #WS>
    gpu.return
  }
}
