// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Diagnostics of the integer conversions: .sat where it cannot change the
// value and on bf16 (ptxas 13.0 rejects both), bf16 <-> u8/s8 (ptxas needs
// an 8-bit register), int <-> float without a rounding modifier, the wrong
// kind of rounding, .ftz on a non-f32 side, cvt.pack without .sat or with
// the wrong operands, 8-bit values in an i8 tile, and the bf16 and
// cvt.pack floors (docs/IntegerScan.md).

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .sat is not allowed for 'cvt.u32.u16' (it takes none) in 'cvt.sat.u32.u16'}}
    tile.apply "cvt.sat.u32.u16" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{qualifier .sat is not allowed for 'cvt.s16.u8' (it takes none) in 'cvt.sat.s16.u8'}}
    tile.apply "cvt.sat.s16.u8" (%r, %a) scope(thread) : memref<4x1xi16, #tile.reg>, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .sat is not allowed for 'cvt.s32.s32' (it takes none) in 'cvt.sat.s32.s32'}}
    tile.apply "cvt.sat.s32.s32" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .sat is not allowed for 'cvt.s32.bf16' (it takes none) in 'cvt.rni.sat.s32.bf16'}}
    tile.apply "cvt.rni.sat.s32.bf16" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, bf16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    // expected-error @+1 {{'cvt.rn.bf16.u8' is not supported: ptxas 13.0 assembles cvt between .bf16 and .u8/.s8 only with an 8-bit (.b8) register operand}}
    tile.apply "cvt.rn.bf16.u8" (%r, %a) scope(thread) : memref<4x1xbf16, #tile.reg>, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{'cvt.rzi.s8.bf16' is not supported: ptxas 13.0 assembles cvt between .bf16 and .u8/.s8 only with an 8-bit (.b8) register operand}}
    tile.apply "cvt.rzi.s8.bf16" (%r, %a) scope(thread) : memref<4x1xi16, #tile.reg>, bf16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'cvt.f32.s32' requires a rounding modifier (one of .rn, .rz, .rm, .rp), got none in 'cvt.f32.s32'}}
    tile.apply "cvt.f32.s32" (%r, %a) scope(thread) : memref<4x1xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: f32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'cvt.s32.f32' requires a rounding modifier (one of .rni, .rzi, .rmi, .rpi), got none in 'cvt.s32.f32'}}
    tile.apply "cvt.s32.f32" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: f32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{rounding modifier .rn is not allowed for 'cvt.s32.f32' (allowed: .rni, .rzi, .rmi, .rpi) in 'cvt.rn.s32.f32'}}
    tile.apply "cvt.rn.s32.f32" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{rounding modifier .rni is not allowed for 'cvt.f32.s32' (allowed: .rn, .rz, .rm, .rp) in 'cvt.rni.f32.s32'}}
    tile.apply "cvt.rni.f32.s32" (%r, %a) scope(thread) : memref<4x1xf32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{rounding modifier .rn is not allowed for 'cvt.u32.s32' (it takes none) in 'cvt.rn.u32.s32'}}
    tile.apply "cvt.rn.u32.s32" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: f64) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .ftz is not allowed for 'cvt.s32.f64' (allowed: .sat) in 'cvt.rni.ftz.s32.f64'}}
    tile.apply "cvt.rni.ftz.s32.f64" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, f64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'cvt.u16.s32' requires .sat in 'cvt.pack.u16.s32'}}
    tile.apply "cvt.pack.u16.s32" (%r, %a, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .pack is not allowed for 'cvt.u8.s32' (allowed: .sat) in 'cvt.pack.sat.u8.s32'}}
    tile.apply "cvt.pack.sat.u8.s32" (%r, %a, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i8) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'cvt.s32.s8': expected a .s8 container (i16), got 'i8'}}
    tile.apply "cvt.s32.s8" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i8
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx78">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    // expected-error @+1 {{'cvt.rn.bf16.s32' requires sm_90}}
    tile.apply "cvt.rn.bf16.s32" (%r, %a) scope(thread) : memref<4x1xbf16, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_72", features = "+ptx65">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'cvt.pack.sat.s4.s32.b32' requires sm_75}}
    tile.apply "cvt.pack.sat.s4.s32.b32" (%r, %a, %a, %r) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_75", features = "+ptx64">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'cvt.pack.sat.u16.s32' requires PTX ISA 6.5}}
    tile.apply "cvt.pack.sat.u16.s32" (%r, %a, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}
