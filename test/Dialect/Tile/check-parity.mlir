// RUN: tile-opt %s -split-input-file -tile-check-parity -verify-diagnostics

// The phase parities of mbarrier waits through scf.for loops: consecutive
// waits on one barrier must alternate 0, 1, 0, ... (a barrier's phases
// alternate in parity).

!Bars = memref<4xi64, #gpu.address_space<workgroup>>
!Bar = memref<1xi64, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!P = memref<1xi1, #tile.reg>
// A ring of 4 stages: stage k % 4, parity (k / 4) & 1. Every barrier's
// waits alternate.
func.func @ring(%bars: !Bars) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1 : i32
  %p = tile.alloc_local : !P
  scf.for %k = %c0 to %c64 step %c1 {
    %s = arith.remui %k, %c4 : index
    %r = arith.divui %k, %c4 : index
    %r32 = arith.index_cast %r : index to i32
    %ph = arith.andi %r32, %one : i32
    %bar = memref.reinterpret_cast %bars to offset: [%s], sizes: [1], strides: [1] : !Bars to !Bar
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %ph) scope(thread) : !P, !Bar, i32
  }
  return
}

// -----

!Bars = memref<4xi64, #gpu.address_space<workgroup>>
!Bar = memref<1xi64, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
!P = memref<1xi1, #tile.reg>
// The same ring with the parity of k & 1: stage 0's waits in iterations 0
// and 4 both wait for parity 0.
func.func @ring_wrong_parity(%bars: !Bars) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1 : i32
  %p = tile.alloc_local : !P
  scf.for %k = %c0 to %c64 step %c1 {
    %s = arith.remui %k, %c4 : index
    %k32 = arith.index_cast %k : index to i32
    %ph = arith.andi %k32, %one : i32
    %bar = memref.reinterpret_cast %bars to offset: [%s], sizes: [1], strides: [1] : !Bars to !Bar
    // expected-warning @below {{waits for phase parity 0 on this mbarrier in iteration 4 of the enclosing loop (induction variable 4), as its previous wait on it did in iteration 0 (induction variable 0): a barrier's phases alternate in parity}}
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %ph) scope(thread) : !P, !Bar, i32
  }
  return
}

// -----

!B = memref<1xi64, #gpu.address_space<workgroup>>
!P = memref<1xi1, #tile.reg>
// A phase bit carried by the loop and flipped every iteration, polled in
// an scf.while: correct. Carried and flipped only every other iteration:
// iterations 0 and 1 wait for the same parity.
func.func @carried(%bar: !B, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %true = arith.constant true
  %p = tile.alloc_local : !P
  %e = scf.for %k = %c0 to %n step %c1 iter_args(%ph = %zero) -> (i32) {
    scf.while : () -> () {
      tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %ph) scope(thread) : !P, !B, i32
      %done = memref.load %p[%c0] : !P
      %again = arith.xori %done, %true : i1
      scf.condition(%again)
    } do {
      scf.yield
    }
    %next = arith.xori %ph, %one : i32
    scf.yield %next : i32
  }
  %f = scf.for %k = %c0 to %n step %c1 iter_args(%ph = %zero) -> (i32) {
    // expected-warning @below {{waits for phase parity 0 on this mbarrier in iteration 1 of the enclosing loop (induction variable 1), as its previous wait on it did in iteration 0}}
    tile.apply "mbarrier.test_wait.parity.shared::cta.b64" (%p, %bar, %ph) scope(thread) : !P, !B, i32
    %odd = arith.remui %k, %c2 : index
    %flip = arith.cmpi eq, %odd, %c1 : index
    %x = arith.xori %ph, %one : i32
    %next = arith.select %flip, %x, %ph : i32
    scf.yield %next : i32
  }
  return
}

// -----

!B = memref<1xi64, #gpu.address_space<workgroup>>
!P = memref<1xi1, #tile.reg>
// A barrier and parity the loop does not change: the same wait every
// iteration (a dynamic trip count is followed too).
func.func @invariant(%bar: !B, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %p = tile.alloc_local : !P
  scf.for %k = %c0 to %n step %c1 {
    // expected-warning @below {{waits for phase parity 0 on this mbarrier in iteration 1 of the enclosing loop (induction variable 1), as its previous wait on it did in iteration 0 (induction variable 0)}}
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : !P, !B, i32
  }
  return
}

// -----

!B = memref<1xi64, #gpu.address_space<workgroup>>
!P = memref<1xi1, #tile.reg>
// Two waits on one barrier in an iteration, 0 then 1: they alternate. A
// parity from outside the loop, a wait under scf.if (it need not run
// every iteration) and a wait on the barrier in a nested loop are not
// followed: no warning.
func.func @not_followed(%bar: !B, %bar2: !B, %bar3: !B, %n: index, %q: i32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %p = tile.alloc_local : !P
  scf.for %k = %c0 to %c8 step %c1 {
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : !P, !B, i32
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %one) scope(thread) : !P, !B, i32
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar2, %q) scope(thread) : !P, !B, i32
    scf.if %c {
      tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar3, %zero) scope(thread) : !P, !B, i32
    }
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar3, %zero) scope(thread) : !P, !B, i32
  }
  return
}

// -----

!B = memref<1xi64, #gpu.address_space<workgroup>>
!P = memref<1xi1, #tile.reg>
// The state form (no .parity) is not a parity wait.
func.func @state_form(%bar: !B, %st: memref<1xi64, #tile.reg>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %p = tile.alloc_local : !P
  scf.for %k = %c0 to %c8 step %c1 {
    tile.apply "mbarrier.test_wait.shared::cta.b64" (%p, %bar, %st) scope(thread) : !P, !B, memref<1xi64, #tile.reg>
  }
  return
}

// -----

!B = memref<1xi64, #gpu.address_space<workgroup>>
!P = memref<1xi1, #tile.reg>
// An i1 phase bit carried from true and flipped every iteration alternates
// 1, 0, 1, ...: no warning (the initial true is the bit 1, not -1). A wait
// under a runtime pred need not run every iteration: not followed.
func.func @i1_phase_and_pred(%bar: !B, %bar2: !B, %n: index, %pr: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %true = arith.constant true
  %p = tile.alloc_local : !P
  %f = scf.for %k = %c0 to %n step %c1 iter_args(%ph = %true) -> (i1) {
    %set = arith.cmpi eq, %ph, %true : i1
    %p32 = arith.extui %set : i1 to i32
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %p32) scope(thread) : !P, !B, i32
    %next = arith.xori %ph, %true : i1
    scf.yield %next : i1
  }
  scf.for %k = %c0 to %c8 step %c1 {
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar2, %zero) pred(%pr) scope(thread) : !P, !B, i32
  }
  return
}

// -----

!B = memref<1xi64, #gpu.address_space<workgroup>>
!P = memref<1xi1, #tile.reg>
// Each wait is reported once, and every wait moves its barrier's last
// parity: after iteration 1's warning, iteration 2 (parity 1) and 3
// (parity 1 again) are compared with each other, not with iteration 0.
func.func @reported_once(%bar: !B) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i32
  %p = tile.alloc_local : !P
  scf.for %k = %c0 to %c4 step %c1 {
    %h = arith.divui %k, %c2 : index
    %h32 = arith.index_cast %h : index to i32
    %ph = arith.andi %h32, %one : i32
    // expected-warning @below {{waits for phase parity 0 on this mbarrier in iteration 1 of the enclosing loop (induction variable 1), as its previous wait on it did in iteration 0}}
    tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %ph) scope(thread) : !P, !B, i32
  }
  return
}
