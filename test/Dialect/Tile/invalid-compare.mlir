// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Diagnostics of comparison and selection: operators the type does not
// take, undocumented spellings ptxas accepts, .ftz where the ISA has none,
// predicate containers, floors.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{'setp.lt.u32' is not a documented PTX form: the comparison table gives unsigned types only eq/ne/lo/ls/hi/hs}}
    tile.apply "setp.lt.u32" (%p, %a, %a) scope(thread) : memref<1x1xi1, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{qualifier .lo is not allowed for 'setp.s32' (allowed: .eq, .ne, .lt, .le, .gt, .ge, .and, .or, .xor) in 'setp.lo.s32'}}
    tile.apply "setp.lo.s32" (%p, %a, %a) scope(thread) : memref<1x1xi1, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{'setp.b32' requires .eq, .ne in 'setp.b32'}}
    tile.apply "setp.b32" (%p, %a, %a) scope(thread) : memref<1x1xi1, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%d: f64) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{qualifier .ftz is not allowed for 'setp.f64'}}
    tile.apply "setp.eq.ftz.f64" (%p, %d, %d) scope(thread) : memref<1x1xi1, #tile.reg>, f64, f64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{mutually exclusive qualifiers (.eq, .ne) in 'setp.eq.ne.b32'}}
    tile.apply "setp.eq.ne.b32" (%p, %a, %a) scope(thread) : memref<1x1xi1, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %x = tile.alloc_local : memref<1x1xi32, #tile.reg>
    // expected-error @+1 {{operand #0 ('p') of 'setp.eq.b32': expected element type i1 for .pred, got 'i32'}}
    tile.apply "setp.eq.b32" (%x, %a, %a) scope(thread) : memref<1x1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32, %c: i32) kernel {
    %x = tile.alloc_local : memref<1x1xi32, #tile.reg>
    // expected-error @+1 {{operand #3 ('c') of 'selp.b32': expected a .pred container (i1), got 'i32'}}
    tile.apply "selp.b32" (%x, %a, %a, %c) scope(thread) : memref<1x1xi32, #tile.reg>, i32, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32, %c: i1) kernel {
    // expected-error @+1 {{operand #0 ('p') of 'setp.eq.b32': a destination must be a register tile, got scalar 'i1'}}
    tile.apply "setp.eq.b32" (%c, %a, %a) scope(thread) : i1, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32, %c: i1) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // Four operands without a BoolOp are the p|q form, whose q is a tile.
    // expected-error @+1 {{operand #1 ('q') of 'setp.eq.b32': a destination must be a register tile, got scalar 'i32'}}
    tile.apply "setp.eq.b32" (%p, %a, %a, %c) scope(thread) : memref<1x1xi1, #tile.reg>, i32, i32, i1
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%h: f16) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{'testp' has no form with type suffix '.f16' in 'testp.finite.f16' (documented: '.f32', '.f64')}}
    tile.apply "testp.finite.f16" (%p, %h) scope(thread) : memref<1x1xi1, #tile.reg>, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%h: bf16) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{'setp.lt.bf16' requires sm_90 or newer, but the target is sm_80}}
    tile.apply "setp.lt.bf16" (%p, %h, %h) scope(thread) : memref<1x1xi1, #tile.reg>, bf16, bf16
    gpu.return
  }
}

// -----

// A predicate tile has the operands' group and repeat extents, atom 1.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %x = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<2x1xi1, #tile.reg>
    // expected-error @+1 {{predicate tile 'memref<2x1xi1, #tile.reg>': expected the operands' group and repeat extents and atom extent 1, shape (4, 1)}}
    tile.apply "add.s32" (%x, %x, %c) pred(%q : memref<2x1xi1, #tile.reg>) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32, %g: memref<4x1xi1>) kernel {
    %x = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{predicate tile 'memref<4x1xi1>': expected a register tile (memref in #tile.reg)}}
    tile.apply "add.s32" (%x, %x, %c) pred(%g : memref<4x1xi1>) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %x = tile.alloc_local : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
    %q = tile.alloc_local : memref<32x2x1xi1, #tile.reg>
    // expected-error @+1 {{predicate tile 'memref<32x2x1xi1, #tile.reg>': group axis 0 ('lane') is distributed: expected stride 0, got 2}}
    tile.apply "add.s32" (%x, %x, %c) pred(%q : memref<32x2x1xi1, #tile.reg>) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %x = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #3 must be 1-bit signless integer or memref of 1-bit signless integer values, but got 'memref<4x1xi32, #tile.reg>'}}
    tile.apply "add.s32" (%x, %x, %c) pred(%q : memref<4x1xi32, #tile.reg>) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

// Where ptxas 13.0 does not keep the destination of the predicated form
// (measured on the H200), preserve_dst is refused with the reason.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%p: i1, %a: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{'preserve_dst' is not supported for 'set.lt.f32.f32': ptxas 13.0 converts the destination of a predicated set.f32 to f32 after the predicated select, also where the predicate is false (measured on the H200)}}
    tile.apply "set.lt.f32.f32" (%r, %a, %a) pred(%p) preserve_dst scope(thread) : memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%p: i1, %a: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'preserve_dst' is not supported for 'set.eq.u32.b16': ptxas 13.0 re-extends the low half of the destination of a predicated set with 16-bit sources}}
    tile.apply "set.eq.u32.b16" (%r, %a, %a) pred(%p) preserve_dst scope(thread) : memref<4x1xi32, #tile.reg>, i16, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%p: i1, %a: f64) kernel {
    %q = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{'preserve_dst' is not supported for 'testp.finite.f64': ptxas 13.0 does not keep the predicate destination of a predicated testp}}
    tile.apply "testp.finite.f64" (%q, %a) pred(%p) preserve_dst scope(thread) : memref<4x1xi1, #tile.reg>, f64
    gpu.return
  }
}

// -----

// set.u32 of 32-bit sources keeps its destination: preserve_dst is accepted.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%p: i1, %a: f32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    tile.apply "set.lt.u32.f32" (%r, %a, %a) pred(%p) preserve_dst scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

// The two-destination setp: scalar f16 has none (ptxas 13.0 rejects it),
// .f16x2 has only it.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: f16) kernel {
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{'setp.lt.f16' expects 3 operands (p, a, b), got 4}}
    tile.apply "setp.lt.f16" (%p, %p, %a, %a) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>, f16, f16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    // expected-error @+1 {{'setp.lt.f16x2' expects 4 operands (p, q, a, b), got 3}}
    tile.apply "setp.lt.f16x2" (%p, %a, %a) scope(thread) : memref<4x1xi1, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

// set with lt/le/gt/ge on an unsigned source: ptxas 13.0 accepts it for
// every destination, with or without a BoolOp.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i16, %b: i64, %c: i1) kernel {
    %d = tile.alloc_local : memref<1x1xf32, #tile.reg>
    // expected-error @+1 {{'set.lt.f32.u16' is not a documented PTX form: the comparison table gives unsigned types only eq/ne/lo/ls/hi/hs (ptxas 13.0 accepts lt/le/gt/ge on them; write lo/ls/hi/hs)}}
    tile.apply "set.lt.f32.u16" (%d, %a, %a) scope(thread) : memref<1x1xf32, #tile.reg>, i16, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i16, %b: i64, %c: i1) kernel {
    %h = tile.alloc_local : memref<1x1xbf16, #tile.reg>
    // expected-error @+1 {{'set.ge.xor.bf16.u64' is not a documented PTX form: the comparison table gives unsigned types only}}
    tile.apply "set.ge.xor.bf16.u64" (%h, %b, %b, %c) scope(thread) : memref<1x1xbf16, #tile.reg>, i64, i64, i1
    gpu.return
  }
}

// -----

// testp without an operator: ptxas 13.0 accepts it and tests nothing.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: f64) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{'testp.f64' is not a documented PTX form: testp requires one of .finite, .infinite, .number, .notanumber, .normal, .subnormal (ptxas 13.0 accepts it without one and tests nothing}}
    tile.apply "testp.f64" (%p, %a) scope(thread) : memref<1x1xi1, #tile.reg>, f64
    gpu.return
  }
}

// -----

// Two operators are a different fault, not the rejected spelling.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: f32) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{mutually exclusive qualifiers (.finite, .normal) in 'testp.finite.normal.f32'}}
    tile.apply "testp.finite.normal.f32" (%p, %a) scope(thread) : memref<1x1xi1, #tile.reg>, f32
    gpu.return
  }
}

// -----

// `not` only where the form's syntax line writes `{!}c`.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32, %c: i1) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'setp.lt.and.s32' cannot be negated: it is not a predicate source; only 'c' may be negated}}
    tile.apply "setp.lt.and.s32" (%p, not %a, %a, %c) scope(thread) : memref<1x1xi1, #tile.reg>, i32, i32, i1
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32, %c: i1) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{operand #0 ('p') of 'setp.lt.and.s32' cannot be negated: it is not a predicate source; only 'c' may be negated}}
    tile.apply "setp.lt.and.s32" (not %p, %a, %a, %c) scope(thread) : memref<1x1xi1, #tile.reg>, i32, i32, i1
    gpu.return
  }
}

// -----

// selp's c: ptxas accepts `!c`, the ISA does not document it.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32, %c: i1) kernel {
    %x = tile.alloc_local : memref<1x1xi32, #tile.reg>
    // expected-error @+1 {{operand #3 ('c') of 'selp.b32' cannot be negated: the PTX ISA does not document '!' on it (ptxas 13.0 accepts it); it negates none of its operands}}
    tile.apply "selp.b32" (%x, %a, %a, not %c) scope(thread) : memref<1x1xi32, #tile.reg>, i32, i32, i1
    gpu.return
  }
}

// -----

// The predicate operands of and.pred likewise.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i1) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{operand #2 ('b') of 'and.pred' cannot be negated: the PTX ISA does not document '!' on it}}
    tile.apply "and.pred" (%p, %c, not %c) scope(thread) : memref<1x1xi1, #tile.reg>, i1, i1
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32, %c: i1) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{'negated' must list distinct operand positions of 'setp.lt.and.s32' in increasing order, got 3}}
    "tile.apply"(%p, %a, %a, %c) <{negated = array<i64: 3, 3>, opcode = #tile.ptx<"setp.lt.and.s32">, operandSegmentSizes = array<i32: 4, 0>, scope = 0 : i32}> : (memref<1x1xi1, #tile.reg>, i32, i32, i1) -> ()
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32, %c: i1) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{'negated' must list distinct operand positions of 'setp.lt.and.s32' in increasing order, got 4}}
    "tile.apply"(%p, %a, %a, %c) <{negated = array<i64: 4>, opcode = #tile.ptx<"setp.lt.and.s32">, operandSegmentSizes = array<i32: 4, 0>, scope = 0 : i32}> : (memref<1x1xi1, #tile.reg>, i32, i32, i1) -> ()
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %p = tile.alloc_local : memref<1x1xi1, #tile.reg>
    // expected-error @+1 {{'negate_pred' requires a 'pred' operand}}
    "tile.apply"(%p, %a, %a) <{negate_pred, opcode = #tile.ptx<"setp.lt.s32">, operandSegmentSizes = array<i32: 3, 0>, scope = 0 : i32}> : (memref<1x1xi1, #tile.reg>, i32, i32) -> ()
    gpu.return
  }
}
