// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Diagnostics of the arithmetic families: decoding (missing rounding,
// qualifiers the type does not take, combinations), qualifier floors,
// and forms that differ only in their operand count.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{rounding modifier .rz is not allowed for 'add.f16' (allowed: .rn) in 'add.rz.f16'}}
    tile.apply "add.rz.f16" (%r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifier '.relu' is not valid for 'add' in 'add.rn.relu.f32'}}
    tile.apply "add.rn.relu.f32" (%r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    // expected-error @+1 {{qualifier .sat is not allowed for 'add.bf16' (it takes none) in 'add.rn.sat.bf16'}}
    tile.apply "add.rn.sat.bf16" (%r, %c, %c) scope(thread) : memref<4x1xbf16, #tile.reg>, bf16, bf16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f64) kernel {
    %r = tile.alloc_local : memref<4x1xf64, #tile.reg>
    // expected-error @+1 {{qualifier .ftz is not allowed for 'add.f64' (it takes none) in 'add.ftz.f64'}}
    tile.apply "add.ftz.f64" (%r, %c, %c) scope(thread) : memref<4x1xf64, #tile.reg>, f64, f64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'mad.f32' requires a rounding modifier (one of .rn, .rz, .rm, .rp), got none in 'mad.ftz.f32'}}
    tile.apply "mad.ftz.f32" (%r, %c, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifier '.rn' is not valid for 'min' in 'min.rn.f32'}}
    tile.apply "min.rn.f32" (%r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    // expected-error @+1 {{qualifier .ftz is not allowed for 'min.bf16' (allowed: .NaN, .xorsign.abs) in 'min.ftz.bf16'}}
    tile.apply "min.ftz.bf16" (%r, %c, %c) scope(thread) : memref<4x1xbf16, #tile.reg>, bf16, bf16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{unknown qualifier '.xorsign' in 'min.xorsign.f32'}}
    tile.apply "min.xorsign.f32" (%r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f64) kernel {
    %r = tile.alloc_local : memref<4x1xf64, #tile.reg>
    // expected-error @+1 {{qualifier .abs is not allowed for 'min.f64' (it takes none) in 'min.abs.f64'}}
    tile.apply "min.abs.f64" (%r, %c, %c) scope(thread) : memref<4x1xf64, #tile.reg>, f64, f64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifier '.rn' is not valid for 'neg' in 'neg.rn.f32'}}
    tile.apply "neg.rn.f32" (%r, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    // expected-error @+1 {{qualifier .ftz is not allowed for 'abs.bf16' (it takes none) in 'abs.ftz.bf16'}}
    tile.apply "abs.ftz.bf16" (%r, %c) scope(thread) : memref<4x1xbf16, #tile.reg>, bf16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{'copysign' has no form with type suffix '.f16' in 'copysign.f16' (documented: '.f32', '.f64')}}
    tile.apply "copysign.f16" (%r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{expected a PTX mnemonic before the first '.' in '.fma.rn.f32'}}
    tile.apply ".fma.rn.f32" (%r, %c, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{unknown qualifier '.rn\01' in 'fma.rn\01.f32'}}
    tile.apply "fma.rn\01.f32" (%r, %c, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifiers .xorsign.abs, .abs cannot be combined for 'min.f32' in 'min.xorsign.abs.abs.f32'}}
    tile.apply "min.xorsign.abs.abs.f32" (%r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_75">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'min.NaN.f32' requires sm_80 or newer, but the target is sm_75}}
    tile.apply "min.NaN.f32" (%r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{'max.xorsign.abs.f16' requires sm_86 or newer, but the target is sm_80}}
    tile.apply "max.xorsign.abs.f16" (%r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_86", features = "+ptx71">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'max.xorsign.abs.f32' requires PTX ISA 7.2, but the target's PTX ISA is 7.1 (raise it with the '+ptx72' feature)}}
    tile.apply "max.xorsign.abs.f32" (%r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    // expected-error @+1 {{'add.rn.bf16' requires sm_90 or newer, but the target is sm_80}}
    tile.apply "add.rn.bf16" (%r, %c, %c) scope(thread) : memref<4x1xbf16, #tile.reg>, bf16, bf16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'min.f32' requires sm_100 or newer, but the target is sm_90}}
    tile.apply "min.f32" (%r, %c, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx86">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'min.abs.f32' requires PTX ISA 8.8, but the target's PTX ISA is 8.6 (raise it with the '+ptx88' feature)}}
    tile.apply "min.abs.f32" (%r, %c, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx88">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'min.abs.f32' expects 4 operands (d, a, b, c), got 3}}
    tile.apply "min.abs.f32" (%r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{'neg.ftz.f16' expects 2 operands (d, a), got 3}}
    tile.apply "neg.ftz.f16" (%r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

// The generic form decodes the attribute as well.

func.func @g(%r: memref<1xf32, #tile.reg>, %c: f32) {
  // expected-error @+1 {{'min.f32' has no variant 'five' (it has '', 'three_source')}}
  "tile.apply"(%r, %c, %c) <{opcode = #tile.ptx<"min.f32", variant = "five">, operandSegmentSizes = array<i32: 3, 0>}> : (memref<1xf32, #tile.reg>, f32, f32) -> ()
  return
}

// -----

func.func @g(%r: memref<1xf32, #tile.reg>, %c: f32) {
  // expected-error @+1 {{'fma.f32' requires a rounding modifier (one of .rn, .rz, .rm, .rp), got none in 'fma.sat.f32'}}
  "tile.apply"(%r, %c, %c, %c) <{opcode = #tile.ptx<"fma.sat.f32">, operandSegmentSizes = array<i32: 4, 0>}> : (memref<1xf32, #tile.reg>, f32, f32, f32) -> ()
  return
}

// -----

// An undocumented part that ptxas accepts alone, with another qualifier the
// type does not take: ptxas's acceptance is not claimed (the scan measured
// the spelling without the second fault), and both faults are named.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    // expected-error @+1 {{rounding modifier .rz is not allowed for 'fma.bf16' (allowed: .rn) in 'fma.rz.sat.bf16'; also, qualifier .sat is not allowed for 'fma.bf16' (allowed: .oob, .relu)}}
    tile.apply "fma.rz.sat.bf16" (%r, %r, %c, %c) scope(thread) : memref<4x1xbf16, #tile.reg>, memref<4x1xbf16, #tile.reg>, bf16, bf16
    gpu.return
  }
}

// -----

// Conversions.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{'cvt.f16.f32' requires a rounding modifier (one of .rn, .rz, .rm, .rp), got none in 'cvt.sat.f16.f32'}}
    tile.apply "cvt.sat.f16.f32" (%r, %c) scope(thread) : memref<4x1xf16, #tile.reg>, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'cvt.rn.f32.bf16' is not a documented PTX form: the PTX ISA allows no rounding modifier on a conversion that cannot lose precision; ptxas 13.0 accepts one on a bf16 source}}
    tile.apply "cvt.rn.f32.bf16" (%r, %c) scope(thread) : memref<4x1xf32, #tile.reg>, bf16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    // expected-error @+1 {{'cvt.bf16.f16' is not a documented PTX form: the PTX ISA requires a rounding modifier (.rn, .rz, .rm, .rp) on a conversion that can lose precision; ptxas 13.0 accepts it without one}}
    tile.apply "cvt.bf16.f16" (%r, %c) scope(thread) : memref<4x1xbf16, #tile.reg>, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{'cvt.e4m3x2.f32' requires .satfinite in 'cvt.rn.e4m3x2.f32'}}
    tile.apply "cvt.rn.e4m3x2.f32" (%r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{rounding modifier .rna is not allowed for 'cvt.f32.f32' (allowed: .rni, .rzi, .rmi, .rpi) in 'cvt.rna.f32.f32'}}
    tile.apply "cvt.rna.f32.f32" (%r, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32
    gpu.return
  }
}

// -----

// e4m3 conversions: sm_90 from PTX ISA 7.8, sm_89 from 8.1.

gpu.module @m [#nvvm.target<chip = "sm_89", features = "+ptx80">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{'cvt.rn.satfinite.e4m3x2.f32' requires PTX ISA 8.1, but the target's PTX ISA is 8.0 (raise it with the '+ptx81' feature)}}
    tile.apply "cvt.rn.satfinite.e4m3x2.f32" (%r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_88", features = "+ptx90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{'cvt.rn.satfinite.e4m3x2.f32' requires sm_90 (sm_89 from PTX ISA 8.1) or newer, but the target is sm_88}}
    tile.apply "cvt.rn.satfinite.e4m3x2.f32" (%r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

// A narrowing conversion without rounding and with .sat: both faults, and no
// claim that ptxas accepts it.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    // expected-error @+1 {{'cvt.f16.bf16' requires a rounding modifier (one of .rn, .rz, .rm, .rp), got none in 'cvt.sat.f16.bf16'; also, qualifier .sat is not allowed for 'cvt.f16.bf16' (it takes none)}}
    tile.apply "cvt.sat.f16.bf16" (%r, %c) scope(thread) : memref<4x1xf16, #tile.reg>, bf16
    gpu.return
  }
}

// -----

// The rounding rule of a bf16 source ptxas accepts alone, with .sat.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{rounding modifier .rn is not allowed for 'cvt.f32.bf16' (it takes none) in 'cvt.rn.sat.f32.bf16'; also, qualifier .sat is not allowed for 'cvt.f32.bf16' (allowed: .ftz)}}
    tile.apply "cvt.rn.sat.f32.bf16" (%r, %c) scope(thread) : memref<4x1xf32, #tile.reg>, bf16
    gpu.return
  }
}

// -----

// A part of a dotted qualifier out of order.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{unknown qualifier '.xorsign' in 'max.abs.xorsign.f32' (it is part of the qualifier '.xorsign.abs', written in that order)}}
    tile.apply "max.abs.xorsign.f32" (%r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

// Mixed-precision add and sub are sm_100 forms (PTX ISA 8.6); no .ftz.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: f16, %c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'add.f32.f16' requires sm_100 or newer, but the target is sm_90}}
    tile.apply "add.f32.f16" (%r, %a, %c) scope(thread) : memref<4x1xf32, #tile.reg>, f16, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx86">] {
  gpu.func @k(%a: bf16, %c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{qualifier .ftz is not allowed for 'sub.f32.bf16' (allowed: .sat) in 'sub.ftz.f32.bf16'}}
    tile.apply "sub.ftz.f32.bf16" (%r, %a, %c) scope(thread) : memref<4x1xf32, #tile.reg>, bf16, f32
    gpu.return
  }
}
