// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Diagnostics of atom and red: the forms not offered yet, operations a
// type does not take, red's orderings, the memory operand's state space,
// and the floors of the orderings.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4x1xi32>, %b: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'atom.add.u32' is not supported: generic addressing (no state space) is not supported: the operand is a memref of its state space, so write .global or .shared}}
    tile.apply "atom.add.u32" (%d, %g, %b) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4x1xi32>, %b: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // Another CTA's shared memory is addressed by mapa's register, not a
    // memref (Dialect/Tile/cluster.mlir has the forms).
    // expected-error @+1 {{operand #0 ('a') of 'red.shared::cluster.add.u32': expected element type f64 or i64 for .b64, got 'i32'}}
    tile.apply "red.shared::cluster.add.u32" (%g, %b) scope(thread) : memref<4x1xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4x1xi32>, %b: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'atom.global.L2::cache_hint.add.u32' is not supported: '.L2::cache_hint' (with a cache-policy operand) is not supported yet}}
    tile.apply "atom.global.L2::cache_hint.add.u32" (%d, %g, %b) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4x1xi32>, %b: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .inc is not allowed for 'atom.s32'}}
    tile.apply "atom.global.inc.s32" (%d, %g, %b) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4x1xi32>, %b: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .exch is not allowed for 'atom.u32'}}
    tile.apply "atom.global.exch.u32" (%d, %g, %b) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4x1xi32>, %b: i32) kernel {
    // expected-error @+1 {{qualifier .acquire is not allowed for 'red.u32'}}
    tile.apply "red.acquire.global.add.u32" (%g, %b) scope(thread) : memref<4x1xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4x1xi32>, %b: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{expected a memref in the workgroup memory space}}
    tile.apply "atom.shared.add.u32" (%d, %g, %b) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%b: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %m = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{expected a global memory operand, got register tile}}
    tile.apply "atom.global.add.u32" (%d, %m, %b) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx78">] {
  gpu.func @k(%g: memref<4x1xi32>, %b: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'atom.cluster.global.add.u32' requires sm_90 or newer, but the target is sm_80}}
    tile.apply "atom.cluster.global.add.u32" (%d, %g, %b) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_60", features = "+ptx60">] {
  gpu.func @k(%g: memref<4x1xi32>, %b: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'atom.acq_rel.global.add.u32' requires sm_70 or newer, but the target is sm_60}}
    tile.apply "atom.acq_rel.global.add.u32" (%d, %g, %b) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>, i32
    gpu.return
  }
}

// -----

// The vector forms: .global only, the ISA's operations and types, aligned
// to the vector's size, from PTX ISA 8.1.
#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k() workgroup(%s: memref<4xf32, #WS>) kernel {
    %b = tile.alloc_local : memref<4xf32, #tile.reg>
    // expected-error @+1 {{'red.shared.add.v4.f32' is not supported: the ISA's vector forms are of .global memory: .add.v2/.v4.f32, and .add/.min/.max.noftz of .v2/.v4/.v8 .f16 and .bf16 and of .v2/.v4 .f16x2 and .bf16x2}}
    tile.apply "red.shared.add.v4.f32" (%s, %b) scope(thread) : memref<4xf32, #WS>, memref<4xf32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k(%g: memref<4xf32>) kernel {
    %b = tile.alloc_local : memref<4xf32, #tile.reg>
    // expected-error @+1 {{'red.global.min.v4.f32' is not supported: the ISA's vector forms are of .global memory}}
    tile.apply "red.global.min.v4.f32" (%g, %b) scope(thread) : memref<4xf32>, memref<4xf32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k(%g: memref<8xf32>) kernel {
    %b = tile.alloc_local : memref<4xf32, #tile.reg>
    %v = memref.subview %g[1] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 1>>
    // expected-error @+1 {{operand #0 ('a') of 'red.global.add.v4.f32': a 16-byte vector access must be 16-byte aligned, but the layout puts one at a multiple of 4 bytes}}
    tile.apply "red.global.add.v4.f32" (%v, %b) scope(thread) : memref<4xf32, strided<[1], offset: 1>>, memref<4xf32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<8xi16>) kernel {
    %b = tile.alloc_local : memref<8xi16, #tile.reg>
    %d = tile.alloc_local : memref<8xi16, #tile.reg>
    // expected-error @+1 {{'atom.global.max.noftz.v8.bf16' requires PTX ISA 8.1, but the target's PTX ISA is 8.0}}
    tile.apply "atom.global.max.noftz.v8.bf16" (%d, %g, %b) scope(thread) : memref<8xi16, #tile.reg>, memref<8xi16>, memref<8xi16, #tile.reg>
    gpu.return
  }
}
