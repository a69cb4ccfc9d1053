// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(tile-check-targets, gpu.module(convert-tile-to-nvvm))' | FileCheck %s --check-prefix=ASM

// nanosleep.u32 t: an immediate or a register; kept where it is written
// (no result: side effects).

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: gpu.func @sleep
  // ASM-LABEL: llvm.func @sleep
  gpu.func @sleep(%t: i32) kernel {
    %c100 = arith.constant 100 : i32
    // CHECK: tile.apply "nanosleep.u32"
    // ASM: llvm.inline_asm has_side_effects asm_dialect = att "nanosleep.u32 0x00000064;", "~{memory}"
    tile.apply "nanosleep.u32" (%c100) scope(thread) : i32
    // ASM: llvm.inline_asm has_side_effects asm_dialect = att "nanosleep.u32 $0;", "r,~{memory}"
    tile.apply "nanosleep.u32" (%t) scope(thread) : i32
    gpu.return
  }
}

// -----

// ptxas 13.0 rejects every type but .u32.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%t: i32) kernel {
    // expected-error @+1 {{'nanosleep.s32'}}
    tile.apply "nanosleep.s32" (%t) scope(thread) : i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%t: i64) kernel {
    // expected-error @+1 {{expected a .u32 container}}
    tile.apply "nanosleep.u32" (%t) scope(thread) : i64
    gpu.return
  }
}

// -----

// Floors: PTX ISA 6.3, sm_70.
gpu.module @m [#nvvm.target<chip = "sm_60", features = "+ptx63">] {
  gpu.func @k(%t: i32) kernel {
    // expected-error @+1 {{'nanosleep.u32' requires sm_70 or newer, but the target is sm_60}}
    tile.apply "nanosleep.u32" (%t) scope(thread) : i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_70", features = "+ptx62">] {
  gpu.func @k(%t: i32) kernel {
    // expected-error @+1 {{'nanosleep.u32' requires PTX ISA 6.3, but the target's PTX ISA is 6.2}}
    tile.apply "nanosleep.u32" (%t) scope(thread) : i32
    gpu.return
  }
}
