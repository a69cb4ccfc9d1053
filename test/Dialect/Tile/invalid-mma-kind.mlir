// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// sm_120a's .kind::f8f6f4: on the sm_120 and sm_121 a/f chips alone (the
// ISA's; ptxas 13.0 also takes the e4m3/e5m2 pairs on sm_100a, emulated),
// .dtype is .ctype, and the 6- and 4-bit types only with the kind.

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    // expected-error @+1 {{'mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32' requires sm_120a, sm_120f, sm_121a or sm_121f (arch- and family-specific targets only), but the target is sm_100a}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32" (%d, %a, %b, %d) scope(warp) : !F4, !I4, !I2, !F4
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    // expected-error @+1 {{mma.sync.aligned.m16n8k32.row.col.f32.e2m1.e2m1.f32}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.f32.e2m1.e2m1.f32" (%d, %a, %b, %d) scope(warp) : !F4, !I4, !I2, !F4
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    // expected-error @+1 {{mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f16}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f16" (%d, %a, %b, %b) scope(warp) : !F4, !I4, !I2, !I2
    gpu.return
  }
}

// -----

// Two registers of A where the kind takes four.
!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : !I2
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    // expected-error @+1 {{operand #1 ('a')}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32" (%d, %a, %b, %d) scope(warp) : !F4, !I2, !I2, !F4
    gpu.return
  }
}
