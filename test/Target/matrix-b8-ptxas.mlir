// The 8-bit and packed matrix moves of sm_100a and sm_120a: ldmatrix
// .m16n16 (.b8 and the packed formats, .trans), .m8n16 (packed) and
// stmatrix .m16n8 (.b8, .trans). Each lane addresses one 16-byte row:
// lanes 0-15 the 16 rows of an .m16n16 matrix (16-31 the second's), lanes
// 8 m .. 8 m + 7 the 8 rows of matrix m otherwise. .m16n16 fills two
// registers a matrix, the others one. ptxas 13.0 assembles the PTX for
// sm_100a and sm_120a to one LDSM or STSM each (SASS for sm_100a).
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %s > %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: tile-translate --mlir-to-ptx --chip=sm_120a %s > %t.120.ptx
// RUN: FileCheck %s --check-prefix=SM120 < %t.120.ptx
// RUN: %ptxas -arch=sm_120a %t.120.ptx -o %t.120.cubin
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.cubin | FileCheck %s --check-prefix=SASS %}
// CHECK: .target sm_100a
// CHECK: ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: ldmatrix.sync.aligned.m16n16.x1.trans.shared::cta.b8x16.b6x16_p32 {%r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: ldmatrix.sync.aligned.m8n16.x4.shared.b8x16.b4x16_p64 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: stmatrix.sync.aligned.m16n8.x2.trans.shared.b8 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}};
// SM120: .target sm_120a
// SM120: ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8
// SASS-NOT: {{LDL|STL}}
// SASS-DAG: LDSM.8.MT1616.2
// SASS-DAG: LDSM.U6x16P32TO8.MT1616
// SASS-DAG: LDSM.U4x16P64TO8.M816.4
// SASS-DAG: STSM.8.MT168.2
#WS = #gpu.address_space<workgroup>
!S = memref<2048xi8, #WS>
!M16x2 = memref<32x2x16x16xi8, strided<[0, 256, 16, 1]>, #WS>
!M16x1 = memref<32x16x16xi8, strided<[0, 16, 1]>, #WS>
!M8x4 = memref<32x4x8x16xi8, strided<[0, 128, 16, 1]>, #WS>
!M8x2 = memref<32x2x8x16xi8, strided<[0, 128, 16, 1]>, #WS>
!R4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!R2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
    gpu.func @k(%o1: memref<32x4xi32>, %o2: memref<32x2xi32>, %o3: memref<32x4xi32>) workgroup(%s: !S) kernel {
      %a = memref.reinterpret_cast %s to offset: [0], sizes: [32, 2, 16, 16], strides: [0, 256, 16, 1] : !S to !M16x2
      %r4 = tile.alloc_local : !R4
      tile.apply "ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8" (%r4, %a) scope(warp) : !R4, !M16x2
      tile.apply "st.global.v4.b32" (%o1, %r4) scope(warp) : memref<32x4xi32>, !R4
      %b = memref.reinterpret_cast %s to offset: [512], sizes: [32, 16, 16], strides: [0, 16, 1] : !S to memref<32x16x16xi8, strided<[0, 16, 1], offset: 512>, #WS>
      %r2 = tile.alloc_local : !R2
      tile.apply "ldmatrix.sync.aligned.m16n16.x1.trans.shared::cta.b8x16.b6x16_p32" (%r2, %b) scope(warp) : !R2, memref<32x16x16xi8, strided<[0, 16, 1], offset: 512>, #WS>
      tile.apply "st.global.v2.b32" (%o2, %r2) scope(warp) : memref<32x2xi32>, !R2
      %c = memref.reinterpret_cast %s to offset: [1024], sizes: [32, 4, 8, 16], strides: [0, 128, 16, 1] : !S to memref<32x4x8x16xi8, strided<[0, 128, 16, 1], offset: 1024>, #WS>
      %q4 = tile.alloc_local : !R4
      tile.apply "ldmatrix.sync.aligned.m8n16.x4.shared.b8x16.b4x16_p64" (%q4, %c) scope(warp) : !R4, memref<32x4x8x16xi8, strided<[0, 128, 16, 1], offset: 1024>, #WS>
      tile.apply "st.global.v4.b32" (%o3, %q4) scope(warp) : memref<32x4xi32>, !R4
      %d = memref.reinterpret_cast %s to offset: [1536], sizes: [32, 2, 8, 16], strides: [0, 128, 16, 1] : !S to memref<32x2x8x16xi8, strided<[0, 128, 16, 1], offset: 1536>, #WS>
      tile.apply "stmatrix.sync.aligned.m16n8.x2.trans.shared.b8" (%d, %r2) scope(warp) : memref<32x2x8x16xi8, strided<[0, 128, 16, 1], offset: 1536>, #WS>, !R2
      gpu.return
    }
  }
}
