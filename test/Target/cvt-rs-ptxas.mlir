// cvt.rs compiles to PTX that ptxas 13.0 assembles for sm_100a (from PTX
// ISA 8.7) and sm_103a (from its floor, 8.8): every form, rbits a register
// even where it is a constant.
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %s > %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o /dev/null
// RUN: sed -e 's/"sm_100a", features = "+ptx87"/"sm_103a"/' %s > %t.103.mlir
// RUN: tile-translate --mlir-to-ptx %t.103.mlir > %t.103.ptx
// RUN: FileCheck %s --check-prefix=SM103 < %t.103.ptx
// RUN: %ptxas -arch=sm_103a %t.103.ptx -o /dev/null
// CHECK: .version 8.7
// CHECK: .target sm_100a
// SM103: .version 8.8
// SM103: .target sm_103a
// CHECK-DAG: cvt.rs.f16x2.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK-DAG: cvt.rs.relu.satfinite.bf16x2.f32 %r{{[0-9]+}}, 0f3F800000, %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK-DAG: cvt.rs.satfinite.e4m3x4.f32 %r{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %r{{[0-9]+}};
// CHECK-DAG: cvt.rs.relu.satfinite.e5m2x4.f32
// CHECK-DAG: cvt.rs.satfinite.e2m3x4.f32
// CHECK-DAG: cvt.rs.relu.satfinite.e3m2x4.f32
// CHECK-DAG: cvt.rs.satfinite.e2m1x4.f32 %rs{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %r{{[0-9]+}};
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%a: memref<1x4xf32>, %r: memref<1x1xi32>, %d: memref<7x1xi32>,
              %h: memref<1x1xi16>) kernel {
    %bits = arith.constant 305419896 : i32
    %one = arith.constant 1.0 : f32
    %q = tile.alloc_local : memref<1x4xf32, #tile.reg>
    tile.apply "ld.global.v4.f32" (%q, %a) scope(thread) : memref<1x4xf32, #tile.reg>, memref<1x4xf32>
    %rb = tile.alloc_local : memref<1x1xi32, #tile.reg>
    tile.apply "ld.global.b32" (%rb, %r) scope(thread) : memref<1x1xi32, #tile.reg>, memref<1x1xi32>
    %x = memref.subview %q[0, 0] [1, 1] [1, 1] : memref<1x4xf32, #tile.reg> to memref<1x1xf32, strided<[4, 1]>, #tile.reg>
    %o = tile.alloc_local : memref<7x1xi32, #tile.reg>
    %o0 = memref.subview %o[0, 0] [1, 1] [1, 1] : memref<7x1xi32, #tile.reg> to memref<1x1xi32, strided<[1, 1]>, #tile.reg>
    %o1 = memref.subview %o[1, 0] [1, 1] [1, 1] : memref<7x1xi32, #tile.reg> to memref<1x1xi32, strided<[1, 1], offset: 1>, #tile.reg>
    %o2 = memref.subview %o[2, 0] [1, 1] [1, 1] : memref<7x1xi32, #tile.reg> to memref<1x1xi32, strided<[1, 1], offset: 2>, #tile.reg>
    %o3 = memref.subview %o[3, 0] [1, 1] [1, 1] : memref<7x1xi32, #tile.reg> to memref<1x1xi32, strided<[1, 1], offset: 3>, #tile.reg>
    %o4 = memref.subview %o[4, 0] [1, 1] [1, 1] : memref<7x1xi32, #tile.reg> to memref<1x1xi32, strided<[1, 1], offset: 4>, #tile.reg>
    %o5 = memref.subview %o[5, 0] [1, 1] [1, 1] : memref<7x1xi32, #tile.reg> to memref<1x1xi32, strided<[1, 1], offset: 5>, #tile.reg>
    tile.apply "cvt.rs.f16x2.f32" (%o0, %x, %x, %rb) scope(thread) : memref<1x1xi32, strided<[1, 1]>, #tile.reg>, memref<1x1xf32, strided<[4, 1]>, #tile.reg>, memref<1x1xf32, strided<[4, 1]>, #tile.reg>, memref<1x1xi32, #tile.reg>
    tile.apply "cvt.rs.relu.satfinite.bf16x2.f32" (%o1, %one, %x, %bits) scope(thread) : memref<1x1xi32, strided<[1, 1], offset: 1>, #tile.reg>, f32, memref<1x1xf32, strided<[4, 1]>, #tile.reg>, i32
    tile.apply "cvt.rs.satfinite.e4m3x4.f32" (%o2, %q, %rb) scope(thread) : memref<1x1xi32, strided<[1, 1], offset: 2>, #tile.reg>, memref<1x4xf32, #tile.reg>, memref<1x1xi32, #tile.reg>
    tile.apply "cvt.rs.relu.satfinite.e5m2x4.f32" (%o3, %q, %bits) scope(thread) : memref<1x1xi32, strided<[1, 1], offset: 3>, #tile.reg>, memref<1x4xf32, #tile.reg>, i32
    tile.apply "cvt.rs.satfinite.e2m3x4.f32" (%o4, %q, %rb) scope(thread) : memref<1x1xi32, strided<[1, 1], offset: 4>, #tile.reg>, memref<1x4xf32, #tile.reg>, memref<1x1xi32, #tile.reg>
    tile.apply "cvt.rs.relu.satfinite.e3m2x4.f32" (%o5, %q, %rb) scope(thread) : memref<1x1xi32, strided<[1, 1], offset: 5>, #tile.reg>, memref<1x4xf32, #tile.reg>, memref<1x1xi32, #tile.reg>
    tile.apply "st.global.b32" (%d, %o) scope(thread) : memref<7x1xi32>, memref<7x1xi32, #tile.reg>
    %e = tile.alloc_local : memref<1x1xi16, #tile.reg>
    tile.apply "cvt.rs.satfinite.e2m1x4.f32" (%e, %q, %bits) scope(thread) : memref<1x1xi16, #tile.reg>, memref<1x4xf32, #tile.reg>, i32
    tile.apply "st.global.b16" (%h, %e) scope(thread) : memref<1x1xi16>, memref<1x1xi16, #tile.reg>
    gpu.return
  }
}
