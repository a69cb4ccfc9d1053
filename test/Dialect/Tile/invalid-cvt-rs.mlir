// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Diagnostics of cvt.rs (stochastic rounding): the fault that is there,
// not an unknown '.rs' (the x4 forms require .satfinite), the qualifiers
// and types it takes, its operands, and its chips: sm_100a and sm_103a
// alone, from PTX ISA 8.7.

gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<4x4xf32, #tile.reg>
    // expected-error @+1 {{'cvt.e4m3x4.f32' requires .satfinite in 'cvt.rs.relu.e4m3x4.f32'}}
    tile.apply "cvt.rs.relu.e4m3x4.f32" (%d, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %h = tile.alloc_local : memref<4x1xi16, #tile.reg>
    %q = tile.alloc_local : memref<4x4xf32, #tile.reg>
    // expected-error @+1 {{'cvt.e2m1x4.f32' requires .satfinite in 'cvt.rs.e2m1x4.f32'}}
    tile.apply "cvt.rs.e2m1x4.f32" (%h, %q, %r) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

// The x4 forms round stochastically only.
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<4x4xf32, #tile.reg>
    // expected-error @+1 {{rounding modifier .rn is not allowed for 'cvt.e5m2x4.f32' (allowed: .rs) in 'cvt.rn.satfinite.e5m2x4.f32'}}
    tile.apply "cvt.rn.satfinite.e5m2x4.f32" (%d, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<4x4xf32, #tile.reg>
    // expected-error @+1 {{'cvt.e2m3x4.f32' requires a rounding modifier (one of .rs), got none in 'cvt.satfinite.e2m3x4.f32'}}
    tile.apply "cvt.satfinite.e2m3x4.f32" (%d, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

// .rs and .rn together: two rounding modifiers, of two forms' slots.
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{multiple rounding modifiers (.rn, .rs) in 'cvt.rs.rn.f16x2.f32'}}
    tile.apply "cvt.rs.rn.f16x2.f32" (%d, %f, %f, %r) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32, i32
    gpu.return
  }
}

// -----

// .rs exists for the packed f16x2 and bf16x2 destinations only, not .f16.
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %h = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{rounding modifier .rs is not allowed for 'cvt.f16.f32' (allowed: .rn, .rz, .rm, .rp) in 'cvt.rs.f16.f32'}}
    tile.apply "cvt.rs.f16.f32" (%h, %f) scope(thread) : memref<4x1xf16, #tile.reg>, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .ftz is not allowed for 'cvt.f16x2.f32' (allowed: .relu, .satfinite) in 'cvt.rs.ftz.f16x2.f32'}}
    tile.apply "cvt.rs.ftz.f16x2.f32" (%d, %f, %f, %r) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32, i32
    gpu.return
  }
}

// -----

// No stochastic rounding into e4m3x2 (the x2 8-bit forms round to nearest).
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %e = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{rounding modifier .rs is not allowed for 'cvt.e4m3x2.f32' (allowed: .rn) in 'cvt.rs.satfinite.e4m3x2.f32'}}
    tile.apply "cvt.rs.satfinite.e4m3x2.f32" (%e, %f, %f, %r) scope(thread) : memref<4x1xi16, #tile.reg>, f32, f32, i32
    gpu.return
  }
}

// -----

// The sources {a, b, e, f} are one group of four registers: a register
// tile with atom extent 4, not a scalar.
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'cvt.rs.satfinite.e4m3x4.f32': a scalar can only stand for a single-register input or an accumulator, but this operand binds 4 registers}}
    tile.apply "cvt.rs.satfinite.e4m3x4.f32" (%d, %f, %r) scope(thread) : memref<4x1xi32, #tile.reg>, f32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'cvt.rs.satfinite.e4m3x4.f32': expected atom extent 4 (native registers per instruction), got 1}}
    tile.apply "cvt.rs.satfinite.e4m3x4.f32" (%d, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

// rbits is a .b32: an i32 or f32, not an i16.
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i16) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #3 ('rbits') of 'cvt.rs.f16x2.f32': expected a .b32 container}}
    tile.apply "cvt.rs.f16x2.f32" (%d, %f, %f, %r) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32, i16
    gpu.return
  }
}

// -----

// The chips: sm_100a and sm_103a alone. Not sm_90 ...
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'cvt.rs.f16x2.f32' requires sm_100a or sm_103a (arch-specific targets only), but the target is sm_90}}
    tile.apply "cvt.rs.f16x2.f32" (%d, %f, %f, %r) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32, i32
    gpu.return
  }
}

// -----

// ... nor sm_100 without the 'a' ...
gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<4x4xf32, #tile.reg>
    // expected-error @+1 {{'cvt.rs.satfinite.e4m3x4.f32' requires sm_100a or sm_103a (arch-specific targets only), but the target is sm_100}}
    tile.apply "cvt.rs.satfinite.e4m3x4.f32" (%d, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

// ... nor the sm_100 family ...
gpu.module @m [#nvvm.target<chip = "sm_100f", features = "+ptx88">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'cvt.rs.bf16x2.f32' requires sm_100a or sm_103a (arch-specific targets only), but the target is sm_100f}}
    tile.apply "cvt.rs.bf16x2.f32" (%d, %f, %f, %r) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32, i32
    gpu.return
  }
}

// -----

// ... nor a newer arch-specific chip.
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %h = tile.alloc_local : memref<4x1xi16, #tile.reg>
    %q = tile.alloc_local : memref<4x4xf32, #tile.reg>
    // expected-error @+1 {{'cvt.rs.satfinite.e2m1x4.f32' requires sm_100a or sm_103a (arch-specific targets only), but the target is sm_120a}}
    tile.apply "cvt.rs.satfinite.e2m1x4.f32" (%h, %q, %r) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

// PTX ISA 8.7 on sm_100a.
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'cvt.rs.f16x2.f32' requires PTX ISA 8.7, but the target's PTX ISA is 8.6 (raise it with the '+ptx87' feature)}}
    tile.apply "cvt.rs.f16x2.f32" (%d, %f, %f, %r) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32, i32
    gpu.return
  }
}

// -----

// sm_103a from its own floor, PTX ISA 8.8.
gpu.module @m [#nvvm.target<chip = "sm_103a">] {
  gpu.func @k(%f: f32, %r: i32) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<4x4xf32, #tile.reg>
    tile.apply "cvt.rs.relu.satfinite.e3m2x4.f32" (%d, %q, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x4xf32, #tile.reg>, i32
    gpu.return
  }
}
