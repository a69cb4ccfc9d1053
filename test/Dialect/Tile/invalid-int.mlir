// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Diagnostics of the integer families: the carry chain (documented, but the
// carry flag does not survive between inline-asm statements), spellings
// ptxas accepts that the ISA does not document, missing modes, qualifiers a
// type does not take, floors of the packed and .relu forms, and mul.wide's
// wider destination.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'add.cc.u32' is not supported: the carry flag does not survive between inline-asm statements, and tile.apply lowers each instruction to a statement of its own}}
    tile.apply "add.cc.u32" (%r, %r, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i64) kernel {
    %r = tile.alloc_local : memref<4x1xi64, #tile.reg>
    // expected-error @+1 {{'sub.cc.s64' is not supported: the carry flag does not survive}}
    tile.apply "sub.cc.s64" (%r, %r, %c) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>, i64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'addc.cc.u32' is not supported: the carry flag does not survive}}
    tile.apply "addc.cc.u32" (%r, %r, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'mad.lo.cc.u32' is not supported: the carry flag does not survive}}
    tile.apply "mad.lo.cc.u32" (%r, %r, %c, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i64) kernel {
    %r = tile.alloc_local : memref<4x1xi64, #tile.reg>
    // expected-error @+1 {{'madc.hi.cc.s64' is not supported: the carry flag does not survive}}
    tile.apply "madc.hi.cc.s64" (%r, %r, %c, %r) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>, i64, memref<4x1xi64, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    // expected-error @+1 {{'subc.s16' is not a documented PTX form: subc's .type list is .u32/.s32/.u64/.s64 in the PTX ISA; ptxas 13.0 accepts .s16 although no 16-bit instruction sets the carry}}
    tile.apply "subc.s16" (%r, %r, %c) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x1xi16, #tile.reg>, i16
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'mul.s32' requires one of .hi, .lo, .wide in 'mul.s32'}}
    tile.apply "mul.s32" (%r, %r, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i64) kernel {
    %r = tile.alloc_local : memref<4x1xi64, #tile.reg>
    // expected-error @+1 {{qualifier .wide is not allowed for 'mul.s64' (allowed: .hi, .lo) in 'mul.wide.s64'}}
    tile.apply "mul.wide.s64" (%r, %r, %c) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>, i64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .sat is not allowed for 'add.u32' (it takes none) in 'add.sat.u32'}}
    tile.apply "add.sat.u32" (%r, %r, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .relu is not allowed for 'min.u32' (it takes none) in 'min.relu.u32'}}
    tile.apply "min.relu.u32" (%r, %r, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{rounding modifier .rn is not allowed for 'add.s32' (it takes none) in 'add.rn.s32'}}
    tile.apply "add.rn.s32" (%r, %r, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'max.relu.s32' requires sm_90}}
    tile.apply "max.relu.s32" (%r, %r, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx78">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{'add.u16x2' requires PTX ISA 8.0}}
    tile.apply "add.u16x2" (%r, %r, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @+1 {{operand #0 ('d') of 'mul.wide.s32': expected element type i64 for .s64, got 'i32'}}
    tile.apply "mul.wide.s32" (%r, %r, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}
