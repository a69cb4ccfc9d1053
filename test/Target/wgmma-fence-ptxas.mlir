// A k loop of wgmma.mma_async with the wgmma.fence before the loop is legal
// PTX (one shape's accumulator chain needs no fence between), but ptxas
// 13.0 then injects a warpgroup.arrive into the loop (C7519), as it says;
// tile-check-wgmma warns of it at the wgmma. With the fence in the loop
// body, neither happens. The SASS is the same but for where WARPGROUP.ARRIVE
// sits.
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %s 2> %t.err > %t.ptx
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTXAS
// WARN-NOT: warning
// PTXAS-NOT: C7519{{.*}}'inside'
// PTXAS: C7519) warpgroup.arrive is injected in around line {{[0-9]+}} by compiler to allow use of registers in GMMA in function 'outside'
// PTXAS-NOT: C7519
!D = memref<4x32x8xf32, strided<[0, 0, 1]>, #tile.reg>
!O = memref<4x2x2xf32, strided<[2, 8, 1]>>
!R = memref<4x2x2xf32, strided<[2, 1, 1]>, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @outside(%O: memref<4x32x8xf32>, %a0: i64, %b0: i64, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %true = arith.constant true
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %d = tile.alloc_local : !D
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      scf.for %i = %c0 to %n step %c1 {
        // WARN: [[@LINE+1]]:9: warning: no wgmma.fence in this loop's body before this wgmma.mma_async: ptxas injects a warpgroup.arrive here (C7519)
        tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16" (%d, %a0, %b0, %true, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
        tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
        tile.apply "wgmma.wait_group.sync.aligned" (%one) scope(thread) : i32
      }
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      %o = memref.reinterpret_cast %O to offset: [0], sizes: [4, 2, 2], strides: [2, 8, 1] : memref<4x32x8xf32> to !O
      %own = memref.reinterpret_cast %d to offset: [0], sizes: [4, 2, 2], strides: [2, 1, 1] : !D to !R
      tile.apply "st.global.v2.f32" (%o, %own) scope(thread) : !O, !R
      gpu.return
    }
    gpu.func @inside(%O: memref<4x32x8xf32>, %a0: i64, %b0: i64, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %true = arith.constant true
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %d = tile.alloc_local : !D
      scf.for %i = %c0 to %n step %c1 {
        tile.apply "wgmma.fence.sync.aligned" () scope(thread)
        tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16" (%d, %a0, %b0, %true, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
        tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
        tile.apply "wgmma.wait_group.sync.aligned" (%one) scope(thread) : i32
      }
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      %o = memref.reinterpret_cast %O to offset: [0], sizes: [4, 2, 2], strides: [2, 8, 1] : memref<4x32x8xf32> to !O
      %own = memref.reinterpret_cast %d to offset: [0], sizes: [4, 2, 2], strides: [2, 1, 1] : !D to !R
      tile.apply "st.global.v2.f32" (%o, %own) scope(thread) : !O, !R
      gpu.return
    }
  }
}
