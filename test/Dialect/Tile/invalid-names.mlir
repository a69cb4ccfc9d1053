// RUN: tile-opt %s -split-input-file -tile-check-gpu-modules -verify-diagnostics

// Every symbol of a gpu.module becomes a PTX name, so it must be a PTX
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
