// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// cvta: .to.global/.to.shared take a memref of their space (its generic
// address), .global/.shared a 64-bit value; .shared::cta from PTX ISA 7.8.
// The rejections: a memref of the other space, the spaces tile-mlir has
// no addresses of, 32-bit addresses.

#WS = #gpu.address_space<workgroup>
!R = memref<1xi64, #tile.reg>
// CHECK-LABEL: gpu.func @both_ways
// CHECK: tile.apply "cvta.to.shared.u64"
// CHECK: tile.apply "cvta.shared::cta.u64"
// CHECK: tile.apply "cvta.to.global.u64"
// CHECK: tile.apply "cvta.global.u64"
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @both_ways(%g: memref<4xi32>, %a: i64) workgroup(%s: memref<4xi32, #WS>) kernel {
    %d = tile.alloc_local : !R
    tile.apply "cvta.to.shared.u64" (%d, %s) scope(thread) : !R, memref<4xi32, #WS>
    tile.apply "cvta.shared::cta.u64" (%d, %a) scope(thread) : !R, i64
    tile.apply "cvta.to.global.u64" (%d, %g) scope(thread) : !R, memref<4xi32>
    tile.apply "cvta.global.u64" (%d, %a) scope(thread) : !R, i64
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %d = tile.alloc_local : !R
    // expected-error @+1 {{expected a memref in the workgroup memory space}}
    tile.apply "cvta.to.shared.u64" (%d, %g) scope(thread) : !R, memref<4xi32>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k() workgroup(%s: memref<4xi32, #WS>) kernel {
    %d = tile.alloc_local : !R
    // expected-error @+1 {{expected a memref in the global or default memory space}}
    tile.apply "cvta.to.global.u64" (%d, %s) scope(thread) : !R, memref<4xi32, #WS>
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%a: i64) kernel {
    %d = tile.alloc_local : !R
    // expected-error @+1 {{'cvta.local.u64' is not supported: tile-mlir has no addresses of .local, .const, .param or .shared::cluster memory}}
    tile.apply "cvta.local.u64" (%d, %a) scope(thread) : !R, i64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'cvta.shared.u32' is not supported: 32-bit addresses are not supported}}
    tile.apply "cvta.shared.u32" (%d, %a) scope(thread) : memref<1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

!R = memref<1xi64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx77">] {
  gpu.func @k(%a: i64) kernel {
    %d = tile.alloc_local : !R
    // expected-error @+1 {{'cvta.shared::cta.u64' requires PTX ISA 7.8}}
    tile.apply "cvta.shared::cta.u64" (%d, %a) scope(thread) : !R, i64
    gpu.return
  }
}
