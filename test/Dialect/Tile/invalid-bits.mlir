// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Diagnostics of the bit operations: types the ISA does not document
// (ptxas 13.0 rejects popc.b16 too), destination widths, qualifiers.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'popc' has no form with type suffix '.b16' in 'popc.b16' (documented: '.b32', '.b64')}}
    tile.apply "popc.b16" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'popc' has no form with type suffix '.u32' in 'popc.u32' (documented: '.b32', '.b64')}}
    tile.apply "popc.u32" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i64) kernel {
    %r = tile.alloc_local : memref<4x1xi64, #tile.reg>
    // The destination of popc.b64 is a .u32, whatever the source's width.
    // expected-error @+1 {{operand #0 ('d') of 'popc.b64': expected element type i32 for .u32, got 'i64'}}
    tile.apply "popc.b64" (%r, %a) scope(thread) : memref<4x1xi64, #tile.reg>, i64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier '.sat' is not valid for 'popc' in 'popc.sat.b32'}}
    tile.apply "popc.sat.b32" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'popc.b32' expects 2 operands (d, a), got 3}}
    tile.apply "popc.b32" (%r, %a, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}
