// mma.sync lowers to one inline-asm statement per instruction whose
// register groups are the fragments' registers in the ISA's order, and
// ptxas 13.0 assembles it for sm_90; the SASS has the tensor-core
// instruction (HMMA, IMMA, BMMA, DMMA) or, where sm_90 has none, the
// sequence ptxas 13.0 emulates it with: FFMA for m8n8k4, two HMMA over f16
// for fp8, two IMMA.16832.S8.U8 for s4 x u4.
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %s > %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.cubin | FileCheck %s --check-prefix=SASS %}
// CHECK: .version 8.4
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}}, {%rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}}, {%rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}}, {%rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}};
// CHECK: mma.sync.aligned.m16n8k64.row.col.satfinite.s32.s4.u4.s32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// SASS-DAG: HMMA.16816.F32.BF16
// SASS-DAG: HMMA.1688.F32.TF32
// SASS-DAG: HMMA.16816.F16
// SASS-DAG: FFMA
// SASS-DAG: HMMA.16816.F32 
// SASS-DAG: DMMA.16x8x16
// SASS-DAG: IMMA.16832.S8.U8
// SASS-DAG: BMMA.168256.AND.POPC
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx84">] {
    gpu.func @k0(%x: i32, %y: i32, %z: f32, %out: memref<32x4x1xf32>) kernel {
      %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %a3 = memref.expand_shape %a [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%a3, %x) scope(warp) : memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %b3 = memref.expand_shape %b [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%b3, %y) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %c = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.f32" (%c3, %z) scope(warp) : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, f32
      %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %c) scope(warp) : memref<32x4xf32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %d3 = memref.expand_shape %d [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f32" (%out, %d3) scope(warp) : memref<32x4x1xf32>, memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k1(%x: i32, %y: i32, %z: f32, %out: memref<32x4x1xf32>) kernel {
      %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %a3 = memref.expand_shape %a [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%a3, %x) scope(warp) : memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %b3 = memref.expand_shape %b [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%b3, %y) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %c = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.f32" (%c3, %z) scope(warp) : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, f32
      %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      tile.apply "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32" (%d, %a, %b, %c) scope(warp) : memref<32x4xf32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %d3 = memref.expand_shape %d [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f32" (%out, %d3) scope(warp) : memref<32x4x1xf32>, memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k2(%x: i32, %y: i32, %z: i32, %out: memref<32x2x1xi32>) kernel {
      %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %a3 = memref.expand_shape %a [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%a3, %x) scope(warp) : memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %b3 = memref.expand_shape %b [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%b3, %y) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %c = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%c3, %z) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %d = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      tile.apply "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16" (%d, %a, %b, %c) scope(warp) : memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %d3 = memref.expand_shape %d [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.b32" (%out, %d3) scope(warp) : memref<32x2x1xi32>, memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k3(%x: i32, %y: i32, %z: f32, %out: memref<32x8x1xf32>) kernel {
      %a = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %a3 = memref.expand_shape %a [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%a3, %x) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %b3 = memref.expand_shape %b [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%b3, %y) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %c = tile.alloc_local : memref<32x8xf32, strided<[0, 1]>, #tile.reg>
      %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [32, 8, 1] : memref<32x8xf32, strided<[0, 1]>, #tile.reg> into memref<32x8x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.f32" (%c3, %z) scope(warp) : memref<32x8x1xf32, strided<[0, 1, 1]>, #tile.reg>, f32
      %d = tile.alloc_local : memref<32x8xf32, strided<[0, 1]>, #tile.reg>
      tile.apply "mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32" (%d, %a, %b, %c) scope(warp) : memref<32x8xf32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x8xf32, strided<[0, 1]>, #tile.reg>
      %d3 = memref.expand_shape %d [[0], [1, 2]] output_shape [32, 8, 1] : memref<32x8xf32, strided<[0, 1]>, #tile.reg> into memref<32x8x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f32" (%out, %d3) scope(warp) : memref<32x8x1xf32>, memref<32x8x1xf32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k4(%x: i32, %y: i32, %z: f32, %out: memref<32x4x1xf32>) kernel {
      %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %a3 = memref.expand_shape %a [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%a3, %x) scope(warp) : memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %b3 = memref.expand_shape %b [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%b3, %y) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %c = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.f32" (%c3, %z) scope(warp) : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, f32
      %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      tile.apply "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32" (%d, %a, %b, %c) scope(warp) : memref<32x4xf32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %d3 = memref.expand_shape %d [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f32" (%out, %d3) scope(warp) : memref<32x4x1xf32>, memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k5(%x: f64, %y: f64, %z: f64, %out: memref<32x4x1xf64>) kernel {
      %a = tile.alloc_local : memref<32x8xf64, strided<[0, 1]>, #tile.reg>
      %a3 = memref.expand_shape %a [[0], [1, 2]] output_shape [32, 8, 1] : memref<32x8xf64, strided<[0, 1]>, #tile.reg> into memref<32x8x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.f64" (%a3, %x) scope(warp) : memref<32x8x1xf64, strided<[0, 1, 1]>, #tile.reg>, f64
      %b = tile.alloc_local : memref<32x4xf64, strided<[0, 1]>, #tile.reg>
      %b3 = memref.expand_shape %b [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf64, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.f64" (%b3, %y) scope(warp) : memref<32x4x1xf64, strided<[0, 1, 1]>, #tile.reg>, f64
      %c = tile.alloc_local : memref<32x4xf64, strided<[0, 1]>, #tile.reg>
      %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf64, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.f64" (%c3, %z) scope(warp) : memref<32x4x1xf64, strided<[0, 1, 1]>, #tile.reg>, f64
      %d = tile.alloc_local : memref<32x4xf64, strided<[0, 1]>, #tile.reg>
      tile.apply "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64" (%d, %a, %b, %c) scope(warp) : memref<32x4xf64, strided<[0, 1]>, #tile.reg>, memref<32x8xf64, strided<[0, 1]>, #tile.reg>, memref<32x4xf64, strided<[0, 1]>, #tile.reg>, memref<32x4xf64, strided<[0, 1]>, #tile.reg>
      %d3 = memref.expand_shape %d [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf64, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f64" (%out, %d3) scope(warp) : memref<32x4x1xf64>, memref<32x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k6(%x: i32, %y: i32, %z: i32, %out: memref<32x4x1xi32>) kernel {
      %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %a3 = memref.expand_shape %a [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%a3, %x) scope(warp) : memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %b3 = memref.expand_shape %b [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%b3, %y) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %c = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%c3, %z) scope(warp) : memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %d = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      tile.apply "mma.sync.aligned.m16n8k64.row.col.satfinite.s32.s4.u4.s32" (%d, %a, %b, %c) scope(warp) : memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %d3 = memref.expand_shape %d [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.b32" (%out, %d3) scope(warp) : memref<32x4x1xi32>, memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k7(%x: i32, %y: i32, %z: i32, %out: memref<32x4x1xi32>) kernel {
      %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %a3 = memref.expand_shape %a [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%a3, %x) scope(warp) : memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %b3 = memref.expand_shape %b [[0], [1, 2]] output_shape [32, 2, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> into memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%b3, %y) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %c = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.b32" (%c3, %z) scope(warp) : memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
      %d = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      tile.apply "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc" (%d, %a, %b, %c) scope(warp) : memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %d3 = memref.expand_shape %d [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.b32" (%out, %d3) scope(warp) : memref<32x4x1xi32>, memref<32x4x1xi32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
  }
}
