// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Diagnostics of data movement: state spaces, cache operators, vector widths
// and their floors, static alignment, pack/unpack operand shapes.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.shared.f32': expected a memref in the workgroup memory space (#gpu.address_space<workgroup> or 3) for the .shared state space, got 'memref<4x1xf32>'}}
    tile.apply "ld.shared.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifier '.wb' is not valid for 'ld' in 'ld.global.wb.f32'}}
    tile.apply "ld.global.wb.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{mutually exclusive qualifiers (.ca, .cg) in 'ld.global.ca.cg.f32'}}
    tile.apply "ld.global.ca.cg.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifiers .global, .shared cannot be combined for 'ld.f32' in 'ld.global.shared.f32'}}
    tile.apply "ld.global.shared.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x8xf32>) kernel {
    %r = tile.alloc_local : memref<2x8xf32, #tile.reg>
    // expected-error @+1 {{'ld.global.v8.f32' requires sm_100 or newer, but the target is sm_90}}
    tile.apply "ld.global.v8.f32" (%r, %g) scope(thread) : memref<2x8xf32, #tile.reg>, memref<2x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100">] {
  gpu.func @k(%s: memref<2x4xf64, #gpu.address_space<workgroup>>) kernel {
    %r = tile.alloc_local : memref<2x4xf64, #tile.reg>
    // expected-error @+1 {{qualifiers .shared, .v4 cannot be combined for 'ld.f64' in 'ld.shared.v4.f64'}}
    tile.apply "ld.shared.v4.f64" (%r, %s) scope(thread) : memref<2x4xf64, #tile.reg>, memref<2x4xf64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x8xi16>) kernel {
    %r = tile.alloc_local : memref<2x8xi16, #tile.reg>
    // expected-error @+1 {{'st.global.v8.b16' is not a documented PTX form: '.v8' is documented for 32-bit types in .global only (PTX ISA 8.8, sm_100); ptxas 13.0 also accepts st.v8.b16 in .global and .shared on sm_90, which the ISA does not document}}
    tile.apply "st.global.v8.b16" (%g, %r) scope(thread) : memref<2x8xi16>, memref<2x8xi16, #tile.reg>
    gpu.return
  }
}

// -----

// Static alignment of vector accesses.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x4xf32, strided<[4, 1], offset: 2>>) kernel {
    %r = tile.alloc_local : memref<2x4xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.global.v4.f32': a 16-byte vector access must be 16-byte aligned, but the layout puts one at a multiple of 8 bytes}}
    tile.apply "ld.global.v4.f32" (%r, %g) scope(thread) : memref<2x4xf32, #tile.reg>, memref<2x4xf32, strided<[4, 1], offset: 2>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<3x2xf64, strided<[3, 1]>>) kernel {
    %r = tile.alloc_local : memref<3x2xf64, #tile.reg>
    // expected-error @+1 {{operand #0 ('a') of 'st.global.v2.f64': a 16-byte vector access must be 16-byte aligned, but the layout puts one at a multiple of 24 bytes}}
    tile.apply "st.global.v2.f64" (%g, %r) scope(thread) : memref<3x2xf64, strided<[3, 1]>>, memref<3x2xf64, #tile.reg>
    gpu.return
  }
}

// -----

// Pack and unpack: the operand atoms choose the form.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%w: i32) kernel {
    %r = tile.alloc_local : memref<4x3xi32, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'mov.b32': expected atom extent 1 (native registers per instruction), got 3}}
    tile.apply "mov.b32" (%r, %w) scope(thread) : memref<4x3xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%h: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'mov.b32': a scalar can only stand for a single-register input or an accumulator, but this operand binds 2 registers}}
    "tile.apply"(%r, %h) <{opcode = #tile.ptx<"mov.b32", variant = "pack">, operandSegmentSizes = array<i32: 2, 0>}> : (memref<4x1xi32, #tile.reg>, i16) -> ()
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%w: i32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{unknown scope 'block' (expected thread, warp, warpgroup or cta)}}
    tile.apply "mov.b32" (%r, %w) scope(block) : memref<4x1xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4x1xi128>) kernel {
    %r = tile.alloc_local : memref<4x1xi128, #tile.reg>
    // expected-error @+1 {{'ld.global.b128' requires PTX ISA 8.3, but the target's PTX ISA is 8.0 (raise it with the '+ptx83' feature)}}
    tile.apply "ld.global.b128" (%r, %g) scope(thread) : memref<4x1xi128, #tile.reg>, memref<4x1xi128>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx83">] {
  gpu.func @k(%g: memref<4x2xi128>) kernel {
    %r = tile.alloc_local : memref<4x2xi128, #tile.reg>
    // expected-error @+1 {{qualifier .v2 is not allowed for 'ld.b128' (allowed: .global, .shared, .ca, .cg, .cs, .lu, .cv, .L1::evict_normal, .L1::evict_unchanged, .L1::evict_first, .L1::evict_last, .L1::no_allocate, .L2::64B, .L2::128B, .L2::256B, .L2::cache_hint, .acquire.cta, .acquire.cluster, .acquire.gpu, .acquire.sys, .relaxed.cta, .relaxed.cluster, .relaxed.gpu, .relaxed.sys, .volatile) in 'ld.global.v2.b128'}}
    tile.apply "ld.global.v2.b128" (%r, %g) scope(thread) : memref<4x2xi128, #tile.reg>, memref<4x2xi128>
    gpu.return
  }
}

// -----

// ld.global.nc: .global only, a load only, at most 128 bits.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>, %s: memref<4x1xf32, #gpu.address_space<workgroup>>, %g4: memref<1x4xf64>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifiers .shared, .nc cannot be combined for 'ld.f32' in 'ld.shared.nc.f32'}}
    tile.apply "ld.shared.nc.f32" (%r, %s) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifier '.nc' is not valid for 'st' in 'st.global.nc.f32'}}
    tile.apply "st.global.nc.f32" (%g, %r) scope(thread) : memref<4x1xf32>, memref<4x1xf32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<1x4xf64>) kernel {
    %r = tile.alloc_local : memref<1x4xf64, #tile.reg>
    // expected-error @+1 {{qualifiers .v4, .nc cannot be combined for 'ld.f64' in 'ld.global.nc.v4.f64'}}
    tile.apply "ld.global.nc.v4.f64" (%r, %g) scope(thread) : memref<1x4xf64, #tile.reg>, memref<1x4xf64>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifiers .lu, .nc cannot be combined for 'ld.f32' in 'ld.global.lu.nc.f32'}}
    tile.apply "ld.global.lu.nc.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    gpu.return
  }
}

// -----

// A .shared memory operand given a register tile names the space it wants.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    %r = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.shared.u32': expected a shared memory operand, got register tile 'memref<1xi32, #tile.reg>'}}
    tile.apply "ld.shared.u32" (%d, %r) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>
    gpu.return
  }
}
