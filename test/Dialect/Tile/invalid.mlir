// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Every diagnostic of the opcode decoder, the target check and the
// tile.apply / tile.alloc_local verifiers.

#reg = #tile.reg
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{unknown PTX instruction 'foo' (the instruction table has fma, mad, add, sub, mul, min, max, neg, abs, copysign,}}
    tile.apply "foo.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #reg>, memref<4x1xf32, #reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{empty qualifier in 'fma..rn.f32'}}
    tile.apply "fma..rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'fma' has no form with type suffix '.s32' in 'fma.rn.s32' (documented: '.f32', '.f32x2', '.f64', '.f16', '.f16x2', '.bf16', '.bf16x2', '.f32.f16', '.f32.bf16')}}
    tile.apply "fma.rn.s32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

// A PTX type name that no form of the table takes.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'fma' has no form with type suffix '.b8' in 'fma.rn.b8'}}
    tile.apply "fma.rn.b8" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{unknown qualifier '.rnx' in 'fma.rnx.f32'}}
    tile.apply "fma.rnx.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifier '.global' is not valid for 'fma' in 'fma.global.rn.f32'}}
    tile.apply "fma.global.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifier '.sat' must precede the type suffix in 'fma.rn.f32.sat'}}
    tile.apply "fma.rn.f32.sat" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{duplicate qualifier '.sat' in 'fma.rn.sat.sat.f32'}}
    tile.apply "fma.rn.sat.sat.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{multiple rounding modifiers (.rn, .rz) in 'fma.rz.rn.f32'}}
    tile.apply "fma.rz.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{missing type suffix in 'fma.rn'}}
    tile.apply "fma.rn" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'fma' has no form with type suffix '.f16.f32' in 'fma.rn.f16.f32' (documented: '.f32', '.f32x2', '.f64', '.f16', '.f16x2', '.bf16', '.bf16x2', '.f32.f16', '.f32.bf16')}}
    tile.apply "fma.rn.f16.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{'fma.rz.bf16' is not a documented PTX form: '.bf16' takes only '.rn' in the PTX ISA; ptxas 13.0 accepts .rz/.rm/.rp on scalar bf16 but computes the result as f16 (wrong bits)}}
    tile.apply "fma.rz.bf16" (%r, %r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x1xi16, #tile.reg>, i16, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'fma.rm.relu.bf16x2' is not a documented PTX form: '.bf16x2' takes only '.rn' in the PTX ISA; ptxas 13.0 accepts .rz/.rm/.rp on bf16x2 but silently ignores the rounding modifier}}
    tile.apply "fma.rm.relu.bf16x2" (%r, %r, %c, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{'fma.rn.oob.sat.f16' is not a documented PTX form: '.oob' cannot be combined with '.sat'}}
    tile.apply "fma.rn.oob.sat.f16" (%r, %r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x1xi16, #tile.reg>, i16, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'fma.sat.oob.rn.f16x2' is not a documented PTX form: '.oob' cannot be combined with '.sat'}}
    tile.apply "fma.sat.oob.rn.f16x2" (%r, %r, %c, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'fma.f32' requires a rounding modifier (one of .rn, .rz, .rm, .rp), got none in 'fma.ftz.f32'}}
    tile.apply "fma.ftz.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{'fma.f16' requires a rounding modifier (one of .rn), got none in 'fma.relu.f16'}}
    tile.apply "fma.relu.f16" (%r, %r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{rounding modifier .rz is not allowed for 'fma.f16' (allowed: .rn) in 'fma.rz.f16'}}
    tile.apply "fma.rz.f16" (%r, %r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifier .relu is not allowed for 'fma.f32' (allowed: .ftz, .sat) in 'fma.rn.relu.f32'}}
    tile.apply "fma.rn.relu.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f64) kernel {
    %r = tile.alloc_local : memref<4x1xf64, #tile.reg>
    // expected-error @+1 {{qualifier .ftz is not allowed for 'fma.f64' (it takes none) in 'fma.rn.ftz.f64'}}
    tile.apply "fma.rn.ftz.f64" (%r, %r, %c, %c) scope(thread) : memref<4x1xf64, #tile.reg>, memref<4x1xf64, #tile.reg>, f64, f64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{qualifiers .sat, .relu cannot be combined for 'fma.f16' in 'fma.rn.sat.relu.f16'}}
    tile.apply "fma.rn.sat.relu.f16" (%r, %r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{qualifiers .ftz, .oob cannot be combined for 'fma.f16' in 'fma.rn.ftz.oob.f16'}}
    tile.apply "fma.rn.ftz.oob.f16" (%r, %r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'ld.L1::evict_last.f32' is not supported: the L1 eviction priorities, the L2 cache hint and the L2 prefetch size are documented for generic addresses of .global only: write ld.global}}
    tile.apply "ld.L1::evict_last.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'st.L2::cache_hint.f32' is not supported: the L1 eviction priorities and the L2 cache hint are documented for generic addresses of .global only: write st.global}}
    tile.apply "st.L2::cache_hint.f32" (%g, %r) scope(thread) : memref<4x1xf32>, memref<4x1xf32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx88">] {
  gpu.func @k(%g: memref<1x8xf32>) kernel {
    %r = tile.alloc_local : memref<1x8xf32, #tile.reg>
    // expected-error @+1 {{'ld.v8.f32' is not supported: 256-bit accesses are .global's (PTX ISA 8.8, sm_100): write ld.global}}
    tile.apply "ld.v8.f32" (%r, %g) scope(thread) : memref<1x8xf32, #tile.reg>, memref<1x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.f32': expected element type f64 or i64 for .b64, got 'f32'}}
    tile.apply "ld.f32" (%r, %r) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>
    gpu.return
  }
}

// -----

// Target legality of the forms: SM floor, PTX ISA floor (the chip and PTX
// ISA checks of the target model are in invalid-target.mlir).

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i64) kernel {
    %r = tile.alloc_local : memref<4x1xi64, #tile.reg>
    // expected-error @+1 {{'fma.rn.f32x2' requires sm_100 or newer, but the target is sm_90}}
    tile.apply "fma.rn.f32x2" (%r, %r, %c, %c) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>, i64, i64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%c: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{'fma.rn.oob.relu.bf16' requires PTX ISA 8.1, but the target's PTX ISA is 8.0 (raise it with the '+ptx81' feature)}}
    tile.apply "fma.rn.relu.oob.bf16" (%r, %r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x1xi16, #tile.reg>, i16, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%c: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{'fma.rn.oob.f16' requires sm_90 or newer, but the target is sm_80}}
    tile.apply "fma.rn.oob.f16" (%r, %r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x1xi16, #tile.reg>, i16, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_52">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{'fma.rn.f16' requires sm_53 or newer, but the target is sm_52}}
    tile.apply "fma.rn.f16" (%r, %r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

// Operands.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'fma.rn.f32' expects 4 operands (d, a, b, c), got 3}}
    tile.apply "fma.rn.f32" (%r, %r, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.global.f32': a memory operand must be a memref, got scalar 'f32'}}
    tile.apply "ld.global.f32" (%r, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'fma.rn.f32': a destination must be a register tile, got scalar 'f32'}}
    tile.apply "fma.rn.f32" (%c, %r, %c, %c) scope(thread) : f32, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x4xf32>, %c: f32) kernel {
    // expected-error @+1 {{operand #1 ('b') of 'st.global.v4.f32': a scalar can only stand for a single-register input or an accumulator, but this operand binds 4 registers}}
    tile.apply "st.global.v4.f32" (%g, %c) scope(thread) : memref<2x4xf32>, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #2 ('b') of 'fma.rn.f16x2': expected a .f16x2 container (i32 (one container holds all 2 packed lanes, element 0 in the low bits)), got 'f16'}}
    tile.apply "fma.rn.f16x2" (%r, %r, %c, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, f16, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'fma.rn.bf16': expected element type bf16 or i16 for .bf16, got 'f16'}}
    tile.apply "fma.rn.bf16" (%r, %r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, memref<4x1xf16, #tile.reg>, i16, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>, %c: f32) kernel {
    // expected-error @+1 {{operand #0 ('d') of 'fma.rn.f32': expected a register tile (memref in #tile.reg), got 'memref<4x1xf32>'}}
    tile.apply "fma.rn.f32" (%g, %g, %c, %c) scope(thread) : memref<4x1xf32>, memref<4x1xf32>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.global.f32': expected a global memory operand, got register tile 'memref<4x1xf32, #tile.reg>'}}
    tile.apply "ld.global.f32" (%r, %r) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%s: memref<4x1xf32, #gpu.address_space<workgroup>>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.global.f32': expected a memref in the global or default memory space for the .global state space}}
    tile.apply "ld.global.f32" (%r, %s) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<?x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.global.f32': expected static group/repeat/atom extents, got 'memref<?x1xf32>'}}
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<?x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4xf32, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'fma.rn.f32': expected at least 2 axes (group axes of scope 'warp', repeat axes, atom axis), got rank 1}}
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(warp) : memref<4xf32, #tile.reg>, memref<4xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x2xf32, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'fma.rn.f32': expected atom extent 1 (native registers per instruction), got 2}}
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x2xf32, #tile.reg>, memref<4x2xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<0x1xf32>) kernel {
    %r = tile.alloc_local : memref<0x1xf32, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'ld.global.f32': expected positive extents, got 'memref<0x1xf32, #tile.reg>'}}
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<0x1xf32, #tile.reg>, memref<0x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<16x4x1xf32>) kernel {
    %r = tile.alloc_local : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.global.f32': group shape does not match operand #0: expected (32), got (16)}}
    tile.apply "ld.global.f32" (%r, %g) scope(warp) : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<16x4x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x2x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.global.f32': repeat shape does not match operand #0: expected (4), got (2, 2)}}
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<2x2x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x2xf32>) kernel {
    %r = tile.alloc_local : memref<2x4xf32, #tile.reg>
    %t = memref.transpose %g (i, j) -> (j, i) : memref<4x2xf32> to memref<2x4xf32, strided<[1, 2]>>
    // expected-error @+1 {{operand #1 ('a') of 'ld.global.v4.f32': a vector access moves 4 consecutive elements: expected stride 1 on the atom axis, got 'memref<2x4xf32, strided<[1, 2]>>'}}
    tile.apply "ld.global.v4.f32" (%r, %t) scope(thread) : memref<2x4xf32, #tile.reg>, memref<2x4xf32, strided<[1, 2]>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32, %i: index) kernel {
    %r = tile.alloc_local : memref<8x1xf32, #tile.reg>
    %v = memref.subview %r[%i, 0] [4, 1] [1, 1] : memref<8x1xf32, #tile.reg> to memref<4x1xf32, strided<[1, 1], offset: ?>, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'fma.rn.f32': expected a static register layout (dynamic offsets or strides would force local memory)}}
    tile.apply "fma.rn.f32" (%v, %v, %c, %c) scope(thread) : memref<4x1xf32, strided<[1, 1], offset: ?>, #tile.reg>, memref<4x1xf32, strided<[1, 1], offset: ?>, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<32x4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'fma.rn.f32': group axis 0 ('lane') of a register tile is distributed (each thread holds its own slice): expected stride 0, got 4}}
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(warp) : memref<32x4x1xf32, #tile.reg>, memref<32x4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'fma.rn.f32': destination slots overlap: register slot 0 is written more than once (at repeat/atom coordinate (1, 0))}}
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, strided<[0, 1]>, #tile.reg>, memref<4x1xf32, strided<[0, 1]>, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<64x1x1xf32, strided<[0, 1, 1]>, #tile.reg>
    // expected-error @+1 {{group axis 0 ('lane') of scope 'warp' has at most 32 entries, got 64}}
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(warp) : memref<64x1x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<64x1x1xf32, strided<[0, 1, 1]>, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<8x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>
    // expected-error @+1 {{group axis 0 ('warp_in_group') of scope 'warpgroup' has at most 4 entries, got 8}}
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(warpgroup) : memref<8x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>, memref<8x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

// Parameters.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'preserve_dst' requires a 'pred' operand}}
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) preserve_dst scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>, %p: i1) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'preserve_dst' requires a register destination, but 'st.global.f32' writes none}}
    tile.apply "st.global.f32" (%g, %r) pred(%p) preserve_dst scope(thread) : memref<4x1xf32>, memref<4x1xf32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-note @+1 {{prior use here}}
  gpu.func @k(%c: f32, %p: i32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{use of value '%p' expects different type than prior uses: 'i1' vs 'i32'}}
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) pred(%p) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

// tile.alloc_local.

func.func @f() {
  // expected-error @+1 {{expected a memref in the #tile.reg memory space, got 'memref<4x1xf32>'}}
  %r = tile.alloc_local : memref<4x1xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected an integer or float element type, got 'index'}}
  %r = tile.alloc_local : memref<4x1xindex, #tile.reg>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected a static strided layout, got 'memref<4xf32, strided<[?]>, #tile.reg>'}}
  %r = tile.alloc_local : memref<4xf32, strided<[?]>, #tile.reg>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected non-negative strides and offset, got 'memref<4xf32, strided<[-1], offset: 3>, #tile.reg>'}}
  %r = tile.alloc_local : memref<4xf32, strided<[-1], offset: 3>, #tile.reg>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{op result #0 must be statically shaped memref of any type values}}
  %r = tile.alloc_local : memref<?xf32, #tile.reg>
  return
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32, affine_map<(d0, d1) -> (d0 floordiv 2 + d1)>>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'ld.global.f32': expected a strided layout, got 'memref<4x1xf32, affine_map<(d0, d1) -> (d0 floordiv 2 + d1)>>'}}
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, affine_map<(d0, d1) -> (d0 floordiv 2 + d1)>>
    gpu.return
  }
}

// -----

// Bounded extents: no overflow, no unbounded expansion.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4294967296x4294967296x1xf32>, %r: memref<4294967296x4294967296x1xf32, #tile.reg>) kernel {
    // expected-error @+1 {{operand #0 ('d') of 'ld.global.f32': expands to more than 65536 instructions per thread (the product of the repeat extents), got 'memref<4294967296x4294967296x1xf32, #tile.reg>'}}
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<4294967296x4294967296x1xf32, #tile.reg>, memref<4294967296x4294967296x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    // expected-error @+1 {{a register tile holds at most 524288 elements per thread, got 'memref<4294967296x4294967296x1xf32, #tile.reg>'}}
    %r = tile.alloc_local : memref<4294967296x4294967296x1xf32, #tile.reg>
    gpu.return
  }
}

// -----

// The span's last slot is INT64_MAX: one past it overflows (found by the
// fuzzer; UBSan reported the addition).
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    // expected-error @+1 {{a register tile holds at most 524288 elements per thread, got 'memref<2147483648x4294967296x1xf32, #tile.reg>'}}
    %r = tile.alloc_local : memref<2147483648x4294967296x1xf32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<3x1xf32>, %r: memref<3x1xf32, strided<[4611686018427387904, 1]>, #tile.reg>) kernel {
    // expected-error @+1 {{operand #0 ('d') of 'ld.global.f32': register layout addresses a slot beyond 64 bits at repeat/atom coordinate (2, 0)}}
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<3x1xf32, strided<[4611686018427387904, 1]>, #tile.reg>, memref<3x1xf32>
    gpu.return
  }
}
