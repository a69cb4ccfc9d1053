// The chip and PTX version options retarget the module, and the verifier
// checks the forms against the new target.
// RUN: tile-translate --mlir-to-ptx --chip=sm_100 --ptx-version=87 %s | FileCheck %s --check-prefix=SM100
// RUN: tile-translate --mlir-to-ptx --chip=sm_100 --ptx-version=8.7 %s | FileCheck %s --check-prefix=SM100
// RUN: not tile-translate --mlir-to-ptx --ptx-version=eight %s 2>&1 | FileCheck %s --check-prefix=BADPTX
// BADPTX: invalid --ptx-version 'eight' (expected e.g. 80, 8.0 or +ptx80)
// Option errors name the problem without dumping the module.
// BADPTX-NOT: see current operation
// RUN: not tile-translate --mlir-to-ptx --chip=sm_1000 %s 2>&1 | FileCheck %s --check-prefix=BADCHIP
// BADCHIP: error: unknown chip 'sm_1000'; ptxas 13.0 and LLVM 22 know sm_20
// BADCHIP-NOT: see current operation
// RUN: not tile-translate --mlir-to-ptx --chip=sm_90 --ptx-version=91 %s 2>&1 | FileCheck %s --check-prefix=PTX91
// PTX91: error: PTX ISA 9.1 is not one LLVM 22 emits (it would silently emit another version); use one of 3.2, 4.0
// RUN: not tile-translate --mlir-to-ptx --chip=sm_80 %s 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: tile-opt --tile-to-ptx='chip=sm_90 ptx=81' %s | FileCheck %s --check-prefix=BINARY
// RUN: tile-opt --tile-to-nvvm %s | FileCheck %s --check-prefix=NVVM

// SM100: .version 8.7
// SM100: .target sm_100
// SM100: fma.rn.oob.f16x2
// SM80: error: 'tile.apply' op 'fma.rn.oob.f16x2' requires sm_90 or newer, but the target is sm_80
// BINARY: gpu.binary @m [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx81">, {{.*}}assembly = "
// BINARY-SAME: .target sm_90
// BINARY-SAME: fma.rn.oob.f16x2
// NVVM: llvm.func @k
// NVVM: llvm.inline_asm asm_dialect = att "fma.rn.oob.f16x2 $0, $1, $2, $3;", "=r,r,r,r"
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
    gpu.func @k(%g: memref<1x1xi32>, %c: i32) kernel {
      %r = tile.alloc_local : memref<1x1xi32, #tile.reg>
      tile.apply "ld.global.b32" (%r, %g) scope(thread) : memref<1x1xi32, #tile.reg>, memref<1x1xi32>
      tile.apply "fma.rn.oob.f16x2" (%r, %r, %c, %c) scope(thread) : memref<1x1xi32, #tile.reg>, memref<1x1xi32, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%g, %r) scope(thread) : memref<1x1xi32>, memref<1x1xi32, #tile.reg>
      gpu.return
    }
  }
}

