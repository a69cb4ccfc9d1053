// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// Named barriers the verifier rejects: constant ids and thread counts
// outside what the ISA gives them a meaning for, a missing count, an
// undocumented qualifier, and PTX ISA floors.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k() kernel {
    %c16 = arith.constant 16 : i32
    // expected-error @+1 {{operand #0 ('a') of 'bar.sync': immediate 16 is out of range 0..15}}
    tile.apply "bar.sync" (%c16) scope(thread) : i32
    gpu.return
  }
}

// -----

// ptxas 13.0 rejects a count that is not a multiple of 32.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k() kernel {
    %c1 = arith.constant 1 : i32
    %c48 = arith.constant 48 : i32
    // expected-error @+1 {{operand #1 ('b') of 'barrier.sync': immediate 48 must be a multiple of 32}}
    tile.apply "barrier.sync" (%c1, %c48) scope(thread) : i32, i32
    gpu.return
  }
}

// -----

// ptxas 13.0 accepts a count of 0 for bar.sync (the ISA gives it no meaning)
// and above a CTA's 1024 threads (the barrier never completes).
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k() kernel {
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{operand #1 ('b') of 'bar.sync': immediate 0 is out of range 32..1024}}
    tile.apply "bar.sync" (%c1, %c0) scope(thread) : i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k() kernel {
    %c1 = arith.constant 1 : i32
    %c2048 = arith.constant 2048 : i32
    // expected-error @+1 {{operand #1 ('b') of 'bar.arrive': immediate 2048 is out of range 32..1024}}
    tile.apply "bar.arrive" (%c1, %c2048) scope(thread) : i32, i32
    gpu.return
  }
}

// -----

// .arrive needs a thread count.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%id: i32) kernel {
    // expected-error @+1 {{'bar.arrive' expects 2 operands (a, b), got 1}}
    tile.apply "bar.arrive" (%id) scope(thread) : i32
    gpu.return
  }
}

// -----

// bar has no .aligned (ptxas 13.0: "Illegal modifier").
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%id: i32) kernel {
    // expected-error @+1 {{qualifier .aligned is not allowed for 'bar'}}
    tile.apply "bar.sync.aligned" (%id) scope(thread) : i32
    gpu.return
  }
}

// -----

// .cta needs PTX ISA 7.8; barrier needs 6.0.
gpu.module @m [#nvvm.target<chip = "sm_70", features = "+ptx60">] {
  gpu.func @k(%id: i32) kernel {
    tile.apply "barrier.sync" (%id) scope(thread) : i32
    // expected-error @+1 {{'bar.cta.sync' requires PTX ISA 7.8}}
    tile.apply "bar.cta.sync" (%id) scope(thread) : i32
    gpu.return
  }
}
