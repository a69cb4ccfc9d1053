// sm_120a's block-scaled mma.sync: .kind::mxf8f6f4 (e2m1 x e4m3 in 8-bit
// containers, .scale_vec::1X), .kind::mxf4 (e2m1 packed 8 a register, the
// default .scale_vec::2X) and .kind::mxf4nvf4 (.scale_vec::4X, .ue4m3). Each
// lane's scale factors are one .b32 register (a 32 x 1 tile at warp scope);
// the byte and thread selectors are immediates, written in braces. ptxas
// 13.0 assembles them for sm_120a to one QMMA.SF or OMMA.SF each; the
// verifier checks the selectors' ranges (Dialect/Tile/invalid-mma-block-scale.mlir)
// and the CPU backend refuses them (Integration/CPU/mma-kind-refused.test).
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %s > %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_120a %t.ptx -o %t.cubin
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.cubin | FileCheck %s --check-prefix=SASS %}
// CHECK: .target sm_120a
// CHECK: mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e2m1.e4m3.f32.ue8m0 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %r[[SA:[0-9]+]], {0x0003, 0x0001}, %r[[SB:[0-9]+]], {0x0002, 0x0003};
// CHECK: mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0 {{.*}}, %r{{[0-9]+}}, {0x0002, 0x0000}, %r{{[0-9]+}}, {0x0000, 0x0001};
// CHECK: mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3 {{.*}}, %r{{[0-9]+}}, {0x0000, 0x0001}, %r{{[0-9]+}}, {0x0000, 0x0003};
// CHECK: mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0 {{.*}}, %r[[ONE:[0-9]+]], {0x0000, 0x0000}, %r[[ONE]], {0x0000, 0x0000};
// SASS-NOT: {{LDL|STL}}
// SASS: QMMA.SF.16832.F32.E2M1.E4M3.E8
// SASS: OMMA.SF.16864.F32.E2M1.E2M1.E8
// SASS: OMMA.SF.16864.F32.E2M1.E2M1.UE4M3.4X
// SASS: QMMA.SF.16832.F32.E4M3.E4M3.E8
!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
    gpu.func @k(%ga: memref<32x4xi32>, %gb: memref<32x2xi32>, %gc: memref<32x4xf32>, %gsa: memref<32x1xi32>, %gsb: memref<32x1xi32>, %gd: memref<32x4xf32>) kernel {
      %a = tile.alloc_local : !I4
      %b = tile.alloc_local : !I2
      %c = tile.alloc_local : !F4
      %d = tile.alloc_local : !F4
      %sa = tile.alloc_local : !I1
      %sb = tile.alloc_local : !I1
      tile.apply "ld.global.v4.b32" (%a, %ga) scope(warp) : !I4, memref<32x4xi32>
      tile.apply "ld.global.v2.b32" (%b, %gb) scope(warp) : !I2, memref<32x2xi32>
      tile.apply "ld.global.v4.f32" (%c, %gc) scope(warp) : !F4, memref<32x4xf32>
      tile.apply "ld.global.b32" (%sa, %gsa) scope(warp) : !I1, memref<32x1xi32>
      tile.apply "ld.global.b32" (%sb, %gsb) scope(warp) : !I1, memref<32x1xi32>
      %c0 = arith.constant 0 : i16
      %c1 = arith.constant 1 : i16
      %c2 = arith.constant 2 : i16
      %c3 = arith.constant 3 : i16
      tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e2m1.e4m3.f32.ue8m0" (%d, %a, %b, %c, %sa, %c3, %c1, %sb, %c2, %c3) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
      tile.apply "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0" (%d, %a, %b, %d, %sa, %c2, %c0, %sb, %c0, %c1) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
      tile.apply "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3" (%d, %a, %b, %d, %sa, %c0, %c1, %sb, %c0, %c3) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
      // One scale factor for every lane, a constant: still a register
      // (ptxas rejects an immediate there).
      %one = arith.constant 127 : i32
      tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %one, %c0, %c0, %one, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, i32, i16, i16, i32, i16, i16
      tile.apply "st.global.v4.f32" (%gd, %d) scope(warp) : memref<32x4xf32>, !F4
      gpu.return
    }
  }
}
