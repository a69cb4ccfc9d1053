// Retargeting checks against the new target, not the one in the file: the
// file declares sm_90 and holds an sm_100 form.
// RUN: tile-translate --mlir-to-ptx --chip=sm_100 --ptx-version=86 %s | FileCheck %s --check-prefix=UP
// RUN: tile-opt --tile-to-ptx='chip=sm_100 ptx=86' %s | FileCheck %s --check-prefix=UP
// RUN: tile-opt --tile-set-nvvm-target='chip=sm_100' --tile-check-targets %s | FileCheck %s --check-prefix=SET
// RUN: not tile-translate --mlir-to-ptx %s 2>&1 | FileCheck %s --check-prefix=AS-IS
// A PTX version alone keeps each module's chip:
// RUN: tile-translate --mlir-to-ptx --chip=sm_100 --ptx-version=88 %s | FileCheck %s --check-prefix=PTX88
// RUN: not tile-translate --mlir-to-ptx --ptx-version=88 %s 2>&1 | FileCheck %s --check-prefix=AS-IS
// And downward retargeting is checked too:
// RUN: not tile-opt --tile-to-ptx='chip=sm_89' %s 2>&1 | FileCheck %s --check-prefix=DOWN
// RUN: not tile-opt --tile-to-ptx='chip=sm_90a ptx=78' %s 2>&1 | FileCheck %s --check-prefix=SUFFIX
// UP: .version 8.6
// UP: .target sm_100
// UP: fma.rn.f32x2
// SET: gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx86">]
// AS-IS: error: 'tile.apply' op 'fma.rn.f32x2' requires sm_100 or newer, but the target is sm_90
// AS-IS-NOT: LLVM ERROR
// PTX88: .version 8.8
// DOWN: error: 'tile.apply' op 'fma.rn.f32x2' requires sm_100 or newer, but the target is sm_89
// SUFFIX: error: PTX ISA 7.8 cannot target 'sm_90a' (ptxas 13.0 needs 8.0, LLVM 22 needs 8.0)
// SUFFIX-NOT: LLVM ERROR
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<1x1xi64>, %c: i64) kernel {
    %r = tile.alloc_local : memref<1x1xi64, #tile.reg>
    tile.apply "ld.global.b64" (%r, %g) scope(thread) : memref<1x1xi64, #tile.reg>, memref<1x1xi64>
    tile.apply "fma.rn.f32x2" (%r, %r, %c, %c) scope(thread) : memref<1x1xi64, #tile.reg>, memref<1x1xi64, #tile.reg>, i64, i64
    tile.apply "st.global.b64" (%g, %r) scope(thread) : memref<1x1xi64>, memref<1x1xi64, #tile.reg>
    gpu.return
  }
}
