// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Diagnostics of the bit operations: types the ISA does not document
// (ptxas 13.0 rejects popc.b16 too), destination widths, qualifiers.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'popc' has no form with type suffix '.b16' in 'popc.b16' (documented: '.b32', '.b64')}}
    tile.apply "popc.b16" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'popc' has no form with type suffix '.u32' in 'popc.u32' (documented: '.b32', '.b64')}}
    tile.apply "popc.u32" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i64) kernel {
    %r = tile.alloc_local : memref<4x1xi64, #tile.reg>
    // The destination of popc.b64 is a .u32, whatever the source's width.
    // expected-error @+1 {{operand #0 ('d') of 'popc.b64': expected element type i32 for .u32, got 'i64'}}
    tile.apply "popc.b64" (%r, %a) scope(thread) : memref<4x1xi64, #tile.reg>, i64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier '.sat' is not valid for 'popc' in 'popc.sat.b32'}}
    tile.apply "popc.sat.b32" (%r, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'popc.b32' expects 2 operands (d, a), got 3}}
    tile.apply "popc.b32" (%r, %a, %a) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

// lop3's table is an immediate: a constant, in 0..255.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%lut: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #4 ('immLut') of 'lop3.b32': expected an immediate: a constant integer in 0..255 (arith.constant), got a value computed at run time}}
    tile.apply "lop3.b32" (%r, %r, %r, %r, %lut) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %lut = arith.constant 256 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #4 ('immLut') of 'lop3.b32': immediate 256 is out of range 0..255}}
    tile.apply "lop3.b32" (%r, %r, %r, %r, %lut) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %lut = arith.constant -1 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #4 ('immLut') of 'lop3.b32': immediate -1 is out of range 0..255}}
    tile.apply "lop3.b32" (%r, %r, %r, %r, %lut) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #4 ('immLut') of 'lop3.b32': expected an immediate: a constant scalar in 0..255, got 'memref<4x1xi32, #tile.reg>'}}
    tile.apply "lop3.b32" (%r, %r, %r, %r, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}

// -----

// prmt's mode follows the type; ptxas also takes it before (measured).
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'prmt.f4e.b32' is not a documented PTX form: the PTX ISA writes the mode after the type (prmt.b32.mode); ptxas 13.0 also accepts it before}}
    tile.apply "prmt.f4e.b32" (%r, %r, %r, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier '.sat' must precede the type suffix in 'add.s32.sat'}}
    tile.apply "add.s32.sat" (%r, %r, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{mutually exclusive qualifiers (.f4e, .rc8) in 'prmt.b32.f4e.rc8'}}
    tile.apply "prmt.b32.f4e.rc8" (%r, %r, %r, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}

// -----

// The .pred logic forms take i1 tiles.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'and.pred': expected element type i1 for .pred, got 'i32'}}
    tile.apply "and.pred" (%r, %r, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}
