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

// -----

// lop3.BoolOp (d|p): BoolOp is .and or .or; ptxas 13.0 rejects .xor too.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  gpu.func @k() kernel {
    %lut = arith.constant 128 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{qualifier '.xor' is not valid for 'lop3' in 'lop3.xor.b32'}}
    tile.apply "lop3.xor.b32" (%r, %p, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  gpu.func @k() kernel {
    %lut = arith.constant 128 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{mutually exclusive qualifiers (.and, .or) in 'lop3.and.or.b32'}}
    tile.apply "lop3.and.or.b32" (%r, %p, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    gpu.return
  }
}

// -----

// The BoolOp precedes the type (ptxas 13.0 also takes lop3.b32.and, as it
// takes any qualifier after the type: add.s32.sat above).
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  gpu.func @k() kernel {
    %lut = arith.constant 128 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{qualifier '.and' must precede the type suffix in 'lop3.b32.and'}}
    tile.apply "lop3.b32.and" (%r, %p, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    gpu.return
  }
}

// -----

// Without a BoolOp, lop3 writes d alone and takes no q.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  gpu.func @k() kernel {
    %lut = arith.constant 128 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{'lop3.b32' expects 5 operands (d, a, b, c, immLut), got 7}}
    tile.apply "lop3.b32" (%r, %p, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    gpu.return
  }
}

// -----

// With one, it writes d|p and takes q.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  gpu.func @k() kernel {
    %lut = arith.constant 128 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'lop3.and.b32' expects 7 operands (d, p, a, b, c, immLut, q), got 5}}
    tile.apply "lop3.and.b32" (%r, %r, %r, %r, %lut) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

// p is a predicate: an i1 tile.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  gpu.func @k() kernel {
    %lut = arith.constant 128 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{operand #1 ('p') of 'lop3.or.b32': expected element type i1 for .pred, got 'i32'}}
    tile.apply "lop3.or.b32" (%r, %r, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  gpu.func @k() kernel {
    %lut = arith.constant 256 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{operand #5 ('immLut') of 'lop3.and.b32': immediate 256 is out of range 0..255}}
    tile.apply "lop3.and.b32" (%r, %p, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx82">] {
  gpu.func @k(%lut: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{operand #5 ('immLut') of 'lop3.or.b32': expected an immediate: a constant integer in 0..255 (arith.constant), got a value computed at run time}}
    tile.apply "lop3.or.b32" (%r, %p, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    gpu.return
  }
}

// -----

// The floors: PTX ISA 8.2 (ptxas 13.0 rejects 8.1) and sm_70.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @k() kernel {
    %lut = arith.constant 128 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{'lop3.and.b32' requires PTX ISA 8.2, but the target's PTX ISA is 8.1 (raise it with the '+ptx82' feature)}}
    tile.apply "lop3.and.b32" (%r, %p, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    // The plain form needs PTX ISA 4.3 only.
    tile.apply "lop3.b32" (%r, %r, %r, %r, %lut) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_62", features = "+ptx82">] {
  gpu.func @k() kernel {
    %lut = arith.constant 128 : i32
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{'lop3.or.b32' requires sm_70 or newer, but the target is sm_62}}
    tile.apply "lop3.or.b32" (%r, %p, %r, %r, %r, %lut, %p) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    gpu.return
  }
}
