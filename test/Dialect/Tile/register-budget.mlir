// RUN: tile-opt %s -split-input-file -tile-check-register-tiles -verify-diagnostics
// RUN: tile-opt %s -split-input-file -tile-check-register-tiles='register-budget=1000' | FileCheck %s --check-prefix=RAISED
// RUN: not tile-opt %s -split-input-file -tile-check-register-tiles='register-budget-error' 2>&1 | FileCheck %s --check-prefix=ERROR

// The register-tile footprint of a function: the most registers its
// alloc_local tiles hold at any one operation, in 32-bit registers (64-bit
// elements take two). A tile holds its registers from its allocation to
// the end of the last operation of its block that uses it.

// RAISED-NOT: warning
// ERROR: error: the register tiles of 'k' take 256 32-bit registers, over the budget of 240
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-warning @+1 {{the register tiles of 'k' take 256 32-bit registers, over the budget of 240 (a thread holds at most 255): ptxas will spill them to local memory}}
  gpu.func @k(%g: memref<56x1xf32>, %h: memref<100x1xf64>) kernel {
    %a = tile.alloc_local : memref<56x1xf32, #tile.reg>
    // expected-note @+1 {{the largest takes 200 registers}}
    %b = tile.alloc_local : memref<100x1xf64, #tile.reg>
    tile.apply "st.global.f32" (%g, %a) scope(thread) : memref<56x1xf32>, memref<56x1xf32, #tile.reg>
    tile.apply "st.global.f64" (%h, %b) scope(thread) : memref<100x1xf64>, memref<100x1xf64, #tile.reg>
    gpu.return
  }
}

// -----

// At the budget: no warning. 16-bit elements take a register each.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<200x1xf16>, %h: memref<40x1xi32>) kernel {
    %a = tile.alloc_local : memref<200x1xf16, #tile.reg>
    %b = tile.alloc_local : memref<40x1xi32, #tile.reg>
    tile.apply "st.global.b16" (%g, %a) scope(thread) : memref<200x1xf16>, memref<200x1xf16, #tile.reg>
    tile.apply "st.global.b32" (%h, %b) scope(thread) : memref<40x1xi32>, memref<40x1xi32, #tile.reg>
    gpu.return
  }
}

// -----

// Each function is counted on its own.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : memref<200x1xf32, #tile.reg>
    gpu.return
  }
  gpu.func @k2() kernel {
    %a = tile.alloc_local : memref<200x1xf32, #tile.reg>
    gpu.return
  }
}

// -----

// Distributed group axes (stride 0: lanes, warps or threads of the scope)
// take no registers: a warp tile of 8 slots a lane and a cta tile of 60
// slots a thread stay under the budget.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %w = tile.alloc_local : memref<32x8x1xf32, strided<[0, 1, 1]>, #tile.reg>
    %c = tile.alloc_local : memref<4x32x60x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

// Over the budget, the count is still per thread: 250 slots, not 32 x 250.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-warning @+1 {{the register tiles of 'k' take 250 32-bit registers, over the budget of 240}}
  gpu.func @k() kernel {
    // expected-note @+1 {{the largest takes 250 registers}}
    %w = tile.alloc_local : memref<32x250x1xf32, strided<[0, 1, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

// Tiles whose live spans do not overlap share the budget: each of these
// holds 200 registers, one after the other (a helper inlined at each of
// its calls allocates its locals again).
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<200x1xf32>) kernel {
    %a = tile.alloc_local : memref<200x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%a, %g) scope(thread) : memref<200x1xf32, #tile.reg>, memref<200x1xf32>
    tile.apply "st.global.f32" (%g, %a) scope(thread) : memref<200x1xf32>, memref<200x1xf32, #tile.reg>
    %b = tile.alloc_local : memref<200x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%b, %g) scope(thread) : memref<200x1xf32, #tile.reg>, memref<200x1xf32>
    tile.apply "st.global.f32" (%g, %b) scope(thread) : memref<200x1xf32>, memref<200x1xf32, #tile.reg>
    gpu.return
  }
}

// -----

// A tile used inside a loop holds its registers for the whole loop: %a,
// last used before %b is allocated in the loop's body, is read again in
// the next iteration, so both are live at once.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-warning @+1 {{the register tiles of 'k' take 400 32-bit registers, over the budget of 240}}
  gpu.func @k(%g: memref<200x1xf32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @+1 {{the largest takes 200 registers}}
    %a = tile.alloc_local : memref<200x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%a, %g) scope(thread) : memref<200x1xf32, #tile.reg>, memref<200x1xf32>
    scf.for %i = %c0 to %n step %c1 {
      tile.apply "st.global.f32" (%g, %a) scope(thread) : memref<200x1xf32>, memref<200x1xf32, #tile.reg>
      %b = tile.alloc_local : memref<200x1xf32, #tile.reg>
      tile.apply "ld.global.f32" (%b, %g) scope(thread) : memref<200x1xf32, #tile.reg>, memref<200x1xf32>
      tile.apply "st.global.f32" (%g, %b) scope(thread) : memref<200x1xf32>, memref<200x1xf32, #tile.reg>
    }
    gpu.return
  }
}
