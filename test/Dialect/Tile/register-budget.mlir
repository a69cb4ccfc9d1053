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
