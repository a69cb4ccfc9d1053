// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// The target model, checked once per gpu.module by tile-check-targets: the
// chip, the features and the PTX ISA version of every #nvvm.target, whether or
// not the module holds tile ops. unchecked-target.mlir covers the override.

// A chip neither tool knows.
// expected-error @+1 {{gpu.module @m: unknown chip 'sm_1000'; ptxas 13.0 and LLVM 22 know sm_20, sm_21}}
gpu.module @m [#nvvm.target<chip = "sm_1000">] {
}

// -----

// expected-error @+1 {{unknown chip 'sm_95'}}
gpu.module @m [#nvvm.target<chip = "sm_95">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

// There is no family variant of sm_90.
// expected-error @+1 {{unknown chip 'sm_90f'}}
gpu.module @m [#nvvm.target<chip = "sm_90f", features = "+ptx88">] {
}

// -----

// expected-error @+1 {{unknown chip 'gfx90a'}}
gpu.module @m [#nvvm.target<chip = "gfx90a">] {
}

// -----

// Odd characters in a chip name are escaped.
// expected-error @+1 {{unknown chip 'sm_90\07'}}
gpu.module @m [#nvvm.target<chip = "sm_90\07">] {
}

// -----

// LLVM 22 knows sm_101; ptxas 13.0 does not (CUDA 13 renamed it sm_110).
// expected-error @+1 {{gpu.module @m: chip 'sm_101' is not one ptxas 13.0 knows (CUDA 13 renamed sm_101 to sm_110); the 'unchecked-target' option accepts chips LLVM 22 emits for a newer ptxas}}
gpu.module @m [#nvvm.target<chip = "sm_101">] {
}

// -----

// The arch-specific and family suffixes have their own PTX floors.
// expected-error @+1 {{PTX ISA 7.8 cannot target 'sm_90a' (ptxas 13.0 needs 8.0, LLVM 22 needs 8.0)}}
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx78">] {
}

// -----

// expected-error @+1 {{PTX ISA 8.6 cannot target 'sm_100f' (ptxas 13.0 needs 8.8, LLVM 22 needs 8.8)}}
gpu.module @m [#nvvm.target<chip = "sm_100f", features = "+ptx86">] {
}

// -----

// ptxas 13.0 takes sm_88 from PTX 7.3, LLVM 22 emits it from 9.0 only.
// expected-error @+1 {{PTX ISA 8.8 cannot target 'sm_88' (ptxas 13.0 needs 7.3, LLVM 22 needs 9.0)}}
gpu.module @m [#nvvm.target<chip = "sm_88", features = "+ptx88">] {
}

// -----

// expected-error @+1 {{PTX ISA 7.0 cannot target 'sm_90' (ptxas 13.0 needs 7.8, LLVM 22 needs 7.8)}}
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx70">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

// A +ptxNN feature LLVM 22 does not honour would be replaced silently.
// expected-error @+1 {{PTX ISA 9.1 is not one LLVM 22 emits (it would silently emit another version); use one of 3.2, 4.0}}
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx91">] {
}

// -----

// expected-error @+1 {{unsupported #nvvm.target feature '+foo'; only '+ptxNN' (the PTX ISA version, e.g. '+ptx80', without blanks or leading zeros) is accepted}}
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80,+foo">] {
}

// -----

// LLVM ignores a feature it does not recognize (with a warning) and emits
// its default PTX ISA version: blanks and leading zeros are errors.
// expected-error @+1 {{unsupported #nvvm.target feature '+ptx81 '; only '+ptxNN' (the PTX ISA version, e.g. '+ptx80', without blanks or leading zeros) is accepted: LLVM would ignore or misread anything else}}
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81 ">] {
}

// -----

// expected-error @+1 {{unsupported #nvvm.target feature ' +ptx81'}}
gpu.module @m [#nvvm.target<chip = "sm_90", features = " +ptx81">] {
}

// -----

// expected-error @+1 {{unsupported #nvvm.target feature '+ptx081'}}
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx081">] {
}

// -----

// expected-error @+1 {{unsupported #nvvm.target feature '+ptx81\09'}}
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81\09">] {
}

// -----

// '-ptxNN' removes a version in LLVM; a feature without its sign adds one.
// expected-error @+1 {{unsupported #nvvm.target feature '-ptx81'}}
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81,-ptx81">] {
}

// -----

// expected-error @+1 {{unsupported #nvvm.target feature 'ptx81'}}
gpu.module @m [#nvvm.target<chip = "sm_90", features = "ptx81">] {
}

// -----

// As in LLVM, the highest of several versions wins (8.1 here: the e4m3x2
// conversion needs it), 'ptx' in any case, empty features are skipped.
gpu.module @m [#nvvm.target<chip = "sm_89", features = "+ptx81,+ptx80">] {
  gpu.func @k(%x: f32) kernel {
    %r = tile.alloc_local : memref<1xi16, #tile.reg>
    tile.apply "cvt.rn.satfinite.e4m3x2.f32" (%r, %x, %x) scope(thread) : memref<1xi16, #tile.reg>, f32, f32
    gpu.return
  }
}
gpu.module @n [#nvvm.target<chip = "sm_90", features = ",+PTX81,">] {
}

// -----

// expected-error @+1 {{#nvvm.target triple 'nvptx64-nvidia-amdhsa' is not nvptx64-nvidia-cuda or nvptx-nvidia-cuda}}
gpu.module @m [#nvvm.target<triple = "nvptx64-nvidia-amdhsa", chip = "sm_90">] {
}

// -----

// The 32-bit triple: LLVM emits .address_size 32, which ptxas 13.0 rejects
// (found by the PTX fuzzer).
// expected-error @+1 {{gpu.module @m: #nvvm.target triple 'nvptx-nvidia-cuda' emits 32-bit PTX (.address_size 32), which ptxas 13.0 rejects for every chip; use nvptx64-nvidia-cuda}}
gpu.module @m [#nvvm.target<triple = "nvptx-nvidia-cuda", chip = "sm_90">] {
}

// -----

// expected-error @+1 {{has target #rocdl.target<chip = "gfx90a">; tile-mlir compiles for #nvvm.target only}}
gpu.module @m [#rocdl.target<chip = "gfx90a">] {
}

// -----

// Every target of a module is checked, and each tile op against each.
gpu.module @m [#nvvm.target<chip = "sm_100">, #nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i64) kernel {
    %r = tile.alloc_local : memref<4x1xi64, #tile.reg>
    // expected-error @+1 {{'fma.rn.f32x2' requires sm_100 or newer, but the target is sm_90}}
    tile.apply "fma.rn.f32x2" (%r, %r, %c, %c) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>, i64, i64
    gpu.return
  }
}

// -----

// Accepted: suffixed chips at their floors, old chips ptxas compiles forward,
// and a module without a target (structural IR).
gpu.module @a [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
}
gpu.module @b [#nvvm.target<chip = "sm_100f", features = "+ptx88">] {
}
gpu.module @c [#nvvm.target<chip = "sm_52">] {
}
gpu.module @d [#nvvm.target<chip = "sm_121a", features = "+ptx90">] {
}
gpu.module @e {
}
