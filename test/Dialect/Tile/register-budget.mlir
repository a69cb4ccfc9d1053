// RUN: tile-opt %s -split-input-file -tile-check-register-tiles -verify-diagnostics
// RUN: tile-opt %s -split-input-file -tile-check-register-tiles='register-budget=1000' | FileCheck %s --check-prefix=RAISED
// RUN: not tile-opt %s -split-input-file -tile-check-register-tiles='register-budget-error' 2>&1 | FileCheck %s --check-prefix=ERROR

// The register-tile footprint of a function: every alloc_local summed, in
// 32-bit registers (64-bit elements take two).

// RAISED-NOT: warning
// ERROR: error: the register tiles of 'k' take 256 32-bit registers, over the budget of 240
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-warning @+1 {{the register tiles of 'k' take 256 32-bit registers, over the budget of 240 (a thread holds at most 255): ptxas will spill them to local memory}}
  gpu.func @k() kernel {
    %a = tile.alloc_local : memref<56x1xf32, #tile.reg>
    // expected-note @+1 {{the largest takes 200 registers}}
    %b = tile.alloc_local : memref<100x1xf64, #tile.reg>
    gpu.return
  }
}

// -----

// At the budget: no warning. 16-bit elements take a register each.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : memref<200x1xf16, #tile.reg>
    %b = tile.alloc_local : memref<40x1xi32, #tile.reg>
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
