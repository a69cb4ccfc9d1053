// RUN: tile-opt %s -split-input-file -tile-check-gpu-modules -verify-diagnostics

// tile-check-gpu-modules on what LLVM would stop on or emit wrongly. Every
// symbol of a gpu.module becomes a PTX name, so it must be a PTX
// identifier; LLVM's NVPTX backend would emit it as written and ptxas reject
// it (found by the PTX-emission fuzzer).

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{'gpu.func' op name 'gpu.modulek' is not a PTX identifier LLVM emits (a letter, or '_' or '$' and one more character, followed by letters, digits, '_' or '$')}}
  gpu.func @gpu.modulek() kernel {
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{name '_' is not a PTX identifier}}
  gpu.func @_() kernel {
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{name '9k' is not a PTX identifier}}
  gpu.func @"9k"() kernel {
    gpu.return
  }
}

// -----

// PTX allows a leading '%', but LLVM 22's NVPTX printer stops on it with a
// fatal error.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{name '%k' is not a PTX identifier LLVM emits}}
  gpu.func @"%k"() kernel {
    gpu.return
  }
}

// -----

// Accepted: every other shape of identifier PTX allows (ptxas assembles
// them: test/Target/ptx-names.mlir).
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k_1$x() kernel {
    gpu.return
  }
  gpu.func @_k() kernel {
    gpu.return
  }
  gpu.func @"$k"() kernel {
    gpu.return
  }
}

// -----

// Types LLVM 22's NVPTX backend stops on (a fatal error) or emits as PTX
// ptxas rejects (an i3 parameter becomes `.param .b3`).
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{'gpu.func' op uses a type LLVM's NVPTX backend cannot lower: 'f80'}}
  gpu.func @k(%a: memref<4xf80>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: f32) kernel {
    // expected-error @+1 {{'arith.extf' op uses a type LLVM's NVPTX backend cannot lower: 'f128'}}
    %b = arith.extf %a : f32 to f128
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{'gpu.func' op has a parameter of a type PTX has no parameter for (integers must have 1, 8, 16, 32, 64 or 128 bits): 'i3'}}
  gpu.func @k(%a: i3) kernel {
    gpu.return
  }
}

// -----

// Found by the PTX fuzzer: a launch bound of 0 became `.maxntid 1, 0, 1`,
// which ptxas rejects ("Positive non-zero value expected").
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{'gpu.func' op 'known_block_size' must hold positive values, got array<i32: 1, 0, 1>: ptxas rejects a launch bound of 0 or less}}
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1, 0, 1>} {
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{'gpu.func' op 'nvvm.maxnreg' must hold positive values, got 0 : i32: ptxas rejects a launch bound of 0 or less}}
  gpu.func @k() kernel attributes {nvvm.maxnreg = 0 : i32} {
    gpu.return
  }
}

// -----

// Positive bounds pass.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 4, 1, 1>, nvvm.maxnreg = 64 : i32} {
    gpu.return
  }
}
