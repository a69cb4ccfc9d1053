// sm_120a's mma.sync .kind::f8f6f4: an e2m1 x e3m2 product into f32 (each
// element in an 8-bit container: A 4 registers, B 2, C and D 4 f32) and an
// e4m3 x e2m3 one into f16 (C and D 2 f16x2). ptxas 13.0 assembles both for
// sm_120a, each to one QMMA.16832; the same op on sm_90 is refused
// (Dialect/Tile/invalid-mma-kind.mlir), and the CPU backend refuses it
// (Integration/CPU/mma-kind-refused.test).
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %s > %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_120a %t.ptx -o %t.cubin
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.cubin | FileCheck %s --check-prefix=SASS %}
// CHECK: .target sm_120a
// CHECK: mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e4m3.e2m3.f16 {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}};
// SASS-NOT: {{LDL|STL}}
// SASS-COUNT-2: QMMA.16832
!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
    gpu.func @k(%ga: memref<32x4xi32>, %gb: memref<32x2xi32>, %gc: memref<32x4xf32>, %gd: memref<32x4xf32>, %gh: memref<32x2xi32>) kernel {
      %a = tile.alloc_local : !I4
      %b = tile.alloc_local : !I2
      %c = tile.alloc_local : !F4
      %d = tile.alloc_local : !F4
      tile.apply "ld.global.v4.b32" (%a, %ga) scope(warp) : !I4, memref<32x4xi32>
      tile.apply "ld.global.v2.b32" (%b, %gb) scope(warp) : !I2, memref<32x2xi32>
      tile.apply "ld.global.v4.f32" (%c, %gc) scope(warp) : !F4, memref<32x4xf32>
      tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e3m2.f32" (%d, %a, %b, %c) scope(warp) : !F4, !I4, !I2, !F4
      tile.apply "st.global.v4.f32" (%gd, %d) scope(warp) : memref<32x4xf32>, !F4
      %h = tile.alloc_local : !I2
      tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f16.e4m3.e2m3.f16" (%h, %a, %b, %b) scope(warp) : !I2, !I4, !I2, !I2
      tile.apply "st.global.v2.b32" (%gh, %h) scope(warp) : memref<32x2xi32>, !I2
      gpu.return
    }
  }
}
