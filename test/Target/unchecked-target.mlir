// The target model's override: a chip LLVM 22 emits but ptxas 13.0 does not
// know is an error by default and accepted with --unchecked-target (for a
// newer ptxas); LLVM's PTX floor still applies, and so do instruction floors.
// RUN: not tile-translate --mlir-to-ptx %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: tile-translate --mlir-to-ptx --unchecked-target %s | FileCheck %s --check-prefix=UNCHECKED
// RUN: not tile-translate --mlir-to-ptx --unchecked-target --ptx-version=85 %s 2>&1 | FileCheck %s --check-prefix=FLOOR
// RUN: tile-opt --tile-to-ptx='unchecked-target' %s | FileCheck %s --check-prefix=PIPELINE
// RUN: not tile-translate --mlir-to-ptx --unchecked-target --chip=sm_1000 %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// The 32-bit triple, for an older ptxas: only with the override.
// RUN: sed 's/chip = "sm_101"/triple = "nvptx-nvidia-cuda", chip = "sm_101"/' %s | tile-translate --mlir-to-ptx --unchecked-target - | FileCheck %s --check-prefix=ADDR32
// RUN: sed 's/chip = "sm_101"/triple = "nvptx-nvidia-cuda", chip = "sm_101"/' %s | not tile-translate --mlir-to-ptx --chip=sm_90 - 2>&1 | FileCheck %s --check-prefix=NO32
// ADDR32: .address_size 32
// NO32: triple 'nvptx-nvidia-cuda' emits 32-bit PTX
// DEFAULT: unchecked-target.mlir:[[# @LINE + 14]]:1: error: gpu.module @m: chip 'sm_101' is not one ptxas 13.0 knows (CUDA 13 renamed sm_101 to sm_110); the 'unchecked-target' option accepts chips LLVM 22 emits for a newer ptxas
// DEFAULT-NOT: LLVM ERROR
// UNCHECKED: .version 8.6
// UNCHECKED: .target sm_101
// UNCHECKED: fma.rn.f32
// FLOOR: error: PTX ISA 8.5 cannot target 'sm_101' (LLVM 22 needs 8.6)
// FLOOR-NOT: LLVM ERROR
// PIPELINE: gpu.binary @m [#gpu.object<#nvvm.target<chip = "sm_101">
// PIPELINE-SAME: .target sm_101
// UNKNOWN: error: unknown chip 'sm_1000'
// Retargeting to a chip ptxas knows needs no override:
// RUN: tile-translate --mlir-to-ptx --chip=sm_110 %s | FileCheck %s --check-prefix=SM110
// SM110: .version 9.0
// SM110: .target sm_110
gpu.module @m [#nvvm.target<chip = "sm_101">] {
  gpu.func @k(%g: memref<1x1xf32>, %c: f32) kernel {
    %r = tile.alloc_local : memref<1x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<1x1xf32, #tile.reg>, memref<1x1xf32>
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<1x1xf32, #tile.reg>, memref<1x1xf32, #tile.reg>, f32, f32
    tile.apply "st.global.f32" (%g, %r) scope(thread) : memref<1x1xf32>, memref<1x1xf32, #tile.reg>
    gpu.return
  }
}
