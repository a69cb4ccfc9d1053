// A warp collective is emitted where it is written, as often as it is
// written: bar.warp.sync (no result), a shuffle whose result is unused, two
// identical shuffles (not merged into one), and a shuffle in a branch (not
// hoisted out of it), at -O3.
// RUN: tile-translate --mlir-to-ptx --opt-level=3 %s | FileCheck %s
// CHECK: bar.warp.sync %r{{[0-9]+}};
// CHECK: shfl.sync.bfly.b32
// CHECK: shfl.sync.idx.b32 [[A:%r[0-9]+]], [[X:%r[0-9]+]], 0x00000003
// CHECK: shfl.sync.idx.b32 {{%r[0-9]+}}, [[X]], 0x00000003
// CHECK: bra
// CHECK: shfl.sync.down.b32
// CHECK-NOT: shfl
gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%O: memref<3xi32>, %x: i32, %m: i32, %c: i1) kernel {
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c31 = arith.constant 31 : i32
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    %e = tile.alloc_local : memref<1xi32, #tile.reg>
    %o0 = memref.subview %O[0] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1]>>
    %o1 = memref.subview %O[1] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1], offset: 1>>
    %o2 = memref.subview %O[2] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1], offset: 2>>
    tile.apply "bar.warp.sync" (%m) scope(thread) : i32
    tile.apply "shfl.sync.bfly.b32" (%d, %x, %c1, %c31, %m) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, i32, i32
    tile.apply "shfl.sync.idx.b32" (%d, %x, %c3, %c31, %m) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, i32, i32
    tile.apply "st.global.b32" (%o0, %d) scope(thread) : memref<1xi32, strided<[1]>>, memref<1xi32, #tile.reg>
    tile.apply "shfl.sync.idx.b32" (%e, %x, %c3, %c31, %m) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, i32, i32
    tile.apply "st.global.b32" (%o1, %e) scope(thread) : memref<1xi32, strided<[1], offset: 1>>, memref<1xi32, #tile.reg>
    scf.if %c {
      tile.apply "shfl.sync.down.b32" (%d, %x, %c1, %c31, %m) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, i32, i32
      tile.apply "st.global.b32" (%o2, %d) scope(thread) : memref<1xi32, strided<[1], offset: 2>>, memref<1xi32, #tile.reg>
    }
    gpu.return
  }
}
