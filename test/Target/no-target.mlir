// A gpu.module without a target needs --chip; with one it compiles.
// RUN: not tile-translate --mlir-to-ptx %s 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: tile-translate --mlir-to-ptx --chip=sm_80 %s | FileCheck %s --check-prefix=CHIP80
// RUN: not tile-opt --tile-to-ptx %s 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: no-target.mlir:{{[0-9]+}}:1: error: gpu.module @n has no #nvvm.target; add one or pass a chip (--chip=sm_90 to the tools, chip=sm_90 to the pipelines)
// PIPELINE-NOT: see current operation
// RUN: tile-opt --tile-to-nvvm %s | FileCheck %s --check-prefix=NVVM
// NVVM: llvm.inline_asm
// RUN: not tile-opt --tile-set-nvvm-target='ptx=80' %s 2>&1 | FileCheck %s --check-prefix=PTXONLY
// PTXONLY: error: gpu.module @n has no #nvvm.target to take the chip from; pass a chip (e.g. chip=sm_90)
// NOTARGET: no-target.mlir:{{[0-9]+}}:1: error: gpu.module @n has no #nvvm.target; add one or pass a chip (--chip=sm_90 to the tools, chip=sm_90 to the pipelines)
// NOTARGET-NOT: see current operation
// CHIP80: .target sm_80
// CHIP80: ld.global.b32
gpu.module @n {
  gpu.func @k(%g: memref<1x1xi32>) kernel {
    %r = tile.alloc_local : memref<1x1xi32, #tile.reg>
    tile.apply "ld.global.b32" (%r, %g) scope(thread) : memref<1x1xi32, #tile.reg>, memref<1x1xi32>
    tile.apply "st.global.b32" (%g, %r) scope(thread) : memref<1x1xi32>, memref<1x1xi32, #tile.reg>
    gpu.return
  }
}
