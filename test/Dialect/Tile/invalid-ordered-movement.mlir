// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Orderings of ld and st the ISA does not have (ptxas 13.0 rejects each
// too): .release on ld, .acquire on st, an ordering without its scope, an
// ordering or .volatile with a cache operator, two orderings; and the
// floors of .cluster and of the orderings.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<1xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{qualifier '.release.gpu' is not valid for 'ld' in 'ld.release.gpu.global.u32'}}
    tile.apply "ld.release.gpu.global.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<1xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{qualifier '.acquire.gpu' is not valid for 'st' in 'st.acquire.gpu.global.u32'}}
    tile.apply "st.acquire.gpu.global.u32" (%g, %d) scope(thread) : memref<1xi32>, memref<1xi32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<1xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{qualifier '.relaxed' is not valid for 'ld' in 'ld.relaxed.global.u32'}}
    tile.apply "ld.relaxed.global.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<1xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{qualifiers .ca, .volatile cannot be combined for 'ld.u32' in 'ld.volatile.global.ca.u32'}}
    tile.apply "ld.volatile.global.ca.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<1xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{mutually exclusive qualifiers (.relaxed.gpu, .volatile) in 'ld.volatile.relaxed.gpu.global.u32'}}
    tile.apply "ld.volatile.relaxed.gpu.global.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
  gpu.func @k(%g: memref<1xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    tile.apply "ld.relaxed.gpu.global.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    // expected-error @+1 {{'ld.relaxed.cluster.global.u32' requires sm_90 or newer}}
    tile.apply "ld.relaxed.cluster.global.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_70", features = "+ptx60">] {
  gpu.func @k(%g: memref<1xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    tile.apply "ld.volatile.global.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    tile.apply "ld.acquire.sys.global.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_60", features = "+ptx60">] {
  gpu.func @k(%g: memref<1xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    tile.apply "ld.volatile.global.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    // expected-error @+1 {{'ld.acquire.sys.global.u32' requires sm_70 or newer}}
    tile.apply "ld.acquire.sys.global.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    gpu.return
  }
}
