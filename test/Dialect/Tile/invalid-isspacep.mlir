// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// isspacep's rules: one state space, no type suffix, the floors of the
// spaces added later (.param::entry PTX ISA 8.3, .shared::cluster sm_90;
// measured with ptxas 13.0), and an address that is a global or shared
// memref (not a register tile, a local memref or a scalar).

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @+1 {{'isspacep.param::entry' requires PTX ISA 8.3, but the target's PTX ISA is 8.0 (raise it with the '+ptx83' feature)}}
    tile.apply "isspacep.param::entry" (%p, %g) scope(thread) : memref<1xi1, #tile.reg>, memref<4xi32>
    gpu.return
  }
}

// -----
gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @+1 {{'isspacep.shared::cluster' requires sm_90 or newer, but the target is sm_80}}
    tile.apply "isspacep.shared::cluster" (%p, %g) scope(thread) : memref<1xi1, #tile.reg>, memref<4xi32>
    gpu.return
  }
}

// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @+1 {{'isspacep' requires .global, .shared, .shared::cta, .shared::cluster, .const, .local, .param, .param::entry in 'isspacep'}}
    tile.apply "isspacep" (%p, %g) scope(thread) : memref<1xi1, #tile.reg>, memref<4xi32>
    gpu.return
  }
}

// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    %r = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'isspacep.global': expected a global or shared memory operand, got register tile 'memref<1xi64, #tile.reg>'}}
    tile.apply "isspacep.global" (%p, %r) scope(thread) : memref<1xi1, #tile.reg>, memref<1xi64, #tile.reg>
    gpu.return
  }
}

// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32, #gpu.address_space<private>>) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'isspacep.global': expected a memref in the global, default or workgroup memory space for a generic address, got 'memref<4xi32, #gpu.address_space<private>>'}}
    tile.apply "isspacep.global" (%p, %g) scope(thread) : memref<1xi1, #tile.reg>, memref<4xi32, #gpu.address_space<private>>
    gpu.return
  }
}

// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>, %a: i64) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'isspacep.global': a memory operand must be a memref, got scalar 'i64'}}
    tile.apply "isspacep.global" (%p, %a) scope(thread) : memref<1xi1, #tile.reg>, i64
    gpu.return
  }
}

// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @+1 {{'isspacep' has no form with type suffix '.u64' in 'isspacep.global.u64' (documented: no type suffix)}}
    tile.apply "isspacep.global.u64" (%p, %g) scope(thread) : memref<1xi1, #tile.reg>, memref<4xi32>
    gpu.return
  }
}

// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @+1 {{mutually exclusive qualifiers (.global, .shared) in 'isspacep.global.shared'}}
    tile.apply "isspacep.global.shared" (%p, %g) scope(thread) : memref<1xi1, #tile.reg>, memref<4xi32>
    gpu.return
  }
}
