// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// The cache hints' rules, each as ptxas 13.0 has it (measured): eviction
// priorities in .global only and never with a cache operator (on .nc
// either), .L2::cache_hint with its policy operand, no prefetch size on st;
// createpolicy's priorities one each (a secondary equal to the primary is
// not supported: its bits are not measured), .b64 only; prefetch in .global
// with .L1/.L2 or an L2 eviction priority; and the floors (griddepcontrol
// sm_90, the eviction priorities PTX ISA 7.4).

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>, %s: memref<4xi32, 3>, %p: i64, %f: f32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    %q = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{qualifiers .shared, .L1::evict_last cannot be combined for 'ld.u32' in 'ld.shared.L1::evict_last.u32'}}
    tile.apply "ld.shared.L1::evict_last.u32" (%d, %s) scope(thread) : memref<1xi32, #tile.reg>, memref<4xi32, 3>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{mutually exclusive qualifiers (.ca, .L1::evict_last) in 'ld.global.ca.L1::evict_last.u32'}}
    tile.apply "ld.global.ca.L1::evict_last.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<4xi32>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'ld.global.L2::cache_hint.u32' expects 3 operands (d, a, cache-policy), got 2}}
    tile.apply "ld.global.L2::cache_hint.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<4xi32>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{qualifier '.L2::64B' is not valid for 'st' in 'st.global.L2::64B.u32'}}
    tile.apply "st.global.L2::64B.u32" (%g, %d) scope(thread) : memref<4xi32>, memref<1xi32, #tile.reg>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{mutually exclusive qualifiers (.ca, .L1::evict_last) in 'ld.global.ca.nc.L1::evict_last.u32'}}
    tile.apply "ld.global.ca.nc.L1::evict_last.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<4xi32>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%f: f32) kernel {
    %q = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{duplicate qualifier '.L2::evict_first' in 'createpolicy.fractional.L2::evict_first.L2::evict_first.b64'}}
    tile.apply "createpolicy.fractional.L2::evict_first.L2::evict_first.b64" (%q, %f) scope(thread) : memref<1xi64, #tile.reg>, f32
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%f: f32) kernel {
    %q = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{qualifiers .L2::evict_last, .L2::evict_normal cannot be combined for 'createpolicy.b64' in 'createpolicy.fractional.L2::evict_last.L2::evict_normal.b64'}}
    tile.apply "createpolicy.fractional.L2::evict_last.L2::evict_normal.b64" (%q, %f) scope(thread) : memref<1xi64, #tile.reg>, f32
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%s: memref<4xi32, 3>) kernel {
    // expected-error @+1 {{qualifier '.shared' is not valid for 'prefetch' in 'prefetch.shared.L1'}}
    tile.apply "prefetch.shared.L1" (%s) scope(thread) : memref<4xi32, 3>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
  gpu.func @k() kernel {
    // expected-error @+1 {{'griddepcontrol.wait' requires sm_90 or newer, but the target is sm_80}}
    tile.apply "griddepcontrol.wait" () scope(thread)
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    // expected-error @+1 {{qualifier '.L1::evict_last' is not valid for 'prefetch' in 'prefetch.global.L1::evict_last'}}
    tile.apply "prefetch.global.L1::evict_last" (%g) scope(thread) : memref<4xi32>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%f: f32) kernel {
    %q = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @+1 {{'createpolicy' has no form with type suffix '.b32' in 'createpolicy.fractional.L2::evict_last.b32' (documented: '.b64')}}
    tile.apply "createpolicy.fractional.L2::evict_last.b32" (%q, %f) scope(thread) : memref<1xi64, #tile.reg>, f32
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx73">] {
  gpu.func @k(%g: memref<1xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'ld.global.L1::evict_last.u32' requires PTX ISA 7.4, but the target's PTX ISA is 7.3 (raise it with the '+ptx74' feature)}}
    tile.apply "ld.global.L1::evict_last.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    gpu.return
  }
}

// ldu in .global only (a generic address must be a global one), at most
// 128 bits; applypriority.global with the size 128 from PTX ISA 7.4;
// prefetchu of a memory operand.
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %c64 = arith.constant 64 : i32
    // expected-error @+1 {{operand #1 ('size') of 'applypriority.global.L2::evict_normal': immediate 64 is out of range 128..128}}
    tile.apply "applypriority.global.L2::evict_normal" (%g, %c64) scope(thread) : memref<4xi32>, i32
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %c128 = arith.constant 128 : i32
    // expected-error @+1 {{'applypriority.L2::evict_normal' is not supported: a generic address must be a global one here: write applypriority.global}}
    tile.apply "applypriority.L2::evict_normal" (%g, %c128) scope(thread) : memref<4xi32>, i32
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'ldu.u32' is not supported: a generic address must be a global one here: write ldu.global}}
    tile.apply "ldu.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<4xi32>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%s: memref<4xi32, 3>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{qualifier '.shared' is not valid for 'ldu' in 'ldu.shared.u32'}}
    tile.apply "ldu.shared.u32" (%d, %s) scope(thread) : memref<1xi32, #tile.reg>, memref<4xi32, 3>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx73">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %c128 = arith.constant 128 : i32
    // expected-error @+1 {{'applypriority.global.L2::evict_normal' requires PTX ISA 7.4, but the target's PTX ISA is 7.3 (raise it with the '+ptx74' feature)}}
    tile.apply "applypriority.global.L2::evict_normal" (%g, %c128) scope(thread) : memref<4xi32>, i32
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %d = tile.alloc_local : memref<8xi32, #tile.reg>
    // expected-error @+1 {{qualifier '.v8' is not valid for 'ldu' in 'ldu.global.v8.b32'}}
    tile.apply "ldu.global.v8.b32" (%d, %g) scope(thread) : memref<8xi32, #tile.reg>, memref<4xi32>
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %r = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{operand #0 ('a') of 'prefetchu.L1': expected a global or shared memory operand, got register tile 'memref<1xi32, #tile.reg>'}}
    tile.apply "prefetchu.L1" (%r) scope(thread) : memref<1xi32, #tile.reg>
    gpu.return
  }
}

// discard.global.L2 with the size 128 from PTX ISA 7.4 and sm_80; a
// generic address is refused.
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %c64 = arith.constant 64 : i32
    // expected-error @+1 {{operand #1 ('size') of 'discard.global.L2': immediate 64 is out of range 128..128}}
    tile.apply "discard.global.L2" (%g, %c64) scope(thread) : memref<4xi32>, i32
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %c128 = arith.constant 128 : i32
    // expected-error @+1 {{'discard.L2' is not supported: a generic address must be a global one here: write discard.global.L2}}
    tile.apply "discard.L2" (%g, %c128) scope(thread) : memref<4xi32>, i32
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_80", features = "+ptx73">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %c128 = arith.constant 128 : i32
    // expected-error @+1 {{'discard.global.L2' requires PTX ISA 7.4, but the target's PTX ISA is 7.3}}
    tile.apply "discard.global.L2" (%g, %c128) scope(thread) : memref<4xi32>, i32
    gpu.return
  }
}
// -----
gpu.module @m [#nvvm.target<chip = "sm_75", features = "+ptx80">] {
  gpu.func @k(%g: memref<4xi32>) kernel {
    %c128 = arith.constant 128 : i32
    // expected-error @+1 {{'discard.global.L2' requires sm_80}}
    tile.apply "discard.global.L2" (%g, %c128) scope(thread) : memref<4xi32>, i32
    gpu.return
  }
}
