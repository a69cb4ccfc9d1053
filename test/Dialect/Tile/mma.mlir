// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// mma.sync: the operands are fragments spread over the lanes of a warp
// (d, a, b and c hold the registers the ISA's fragment figures give each
// lane); the lane axis must be a whole warp, at a scope that has one.

// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(warp)
// CHECK: tile.apply "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32"
// CHECK: tile.apply "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc"
// CHECK: tile.apply "mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16"
// CHECK: tile.apply "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64"
// CHECK: tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"({{.*}}) scope(cta)
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
    %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    %i = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
    %i2 = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    %a1 = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    %h = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
    %h2 = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    %f8 = tile.alloc_local : memref<32x8xf64, strided<[0, 1]>, #tile.reg>
    %f4 = tile.alloc_local : memref<32x4xf64, strided<[0, 1]>, #tile.reg>
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %d) scope(warp) : memref<32x4xf32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    tile.apply "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32" (%i, %a, %b, %i) scope(warp) : memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>
    tile.apply "mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc" (%i2, %a1, %a1, %i2) scope(warp) : memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    tile.apply "mma.sync.aligned.m8n8k4.col.row.f16.f16.f16.f16" (%h, %h2, %h2, %h) scope(warp) : memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64" (%f4, %f8, %f4, %f4) scope(warp) : memref<32x4xf64, strided<[0, 1]>, #tile.reg>, memref<32x8xf64, strided<[0, 1]>, #tile.reg>, memref<32x4xf64, strided<[0, 1]>, #tile.reg>, memref<32x4xf64, strided<[0, 1]>, #tile.reg>
    %dc = tile.alloc_local : memref<2x32x2x4xf32, strided<[0, 0, 4, 1]>, #tile.reg>
    %ac = tile.alloc_local : memref<2x32x2x4xi32, strided<[0, 0, 4, 1]>, #tile.reg>
    %bc = tile.alloc_local : memref<2x32x2x2xi32, strided<[0, 0, 2, 1]>, #tile.reg>
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%dc, %ac, %bc, %dc) scope(cta) : memref<2x32x2x4xf32, strided<[0, 0, 4, 1]>, #tile.reg>, memref<2x32x2x4xi32, strided<[0, 0, 4, 1]>, #tile.reg>, memref<2x32x2x2xi32, strided<[0, 0, 2, 1]>, #tile.reg>, memref<2x32x2x4xf32, strided<[0, 0, 4, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<2x4xf32, #tile.reg>
    %a = tile.alloc_local : memref<2x4xi32, #tile.reg>
    %b = tile.alloc_local : memref<2x2xi32, #tile.reg>
    // expected-error @+1 {{'mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32' is a warp-level instruction: its operands are fragments spread over the 32 lanes of a warp; write scope(warp) (or warpgroup, cta) with a lane axis of 32}}
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %d) scope(thread) : memref<2x4xf32, #tile.reg>, memref<2x4xi32, #tile.reg>, memref<2x2xi32, #tile.reg>, memref<2x4xf32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<16x4xf32, strided<[0, 1]>, #tile.reg>
    %a = tile.alloc_local : memref<16x4xi32, strided<[0, 1]>, #tile.reg>
    %b = tile.alloc_local : memref<16x2xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{needs whole warps: the lane axis must have 32 entries, got 16}}
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %d) scope(warp) : memref<16x4xf32, strided<[0, 1]>, #tile.reg>, memref<16x4xi32, strided<[0, 1]>, #tile.reg>, memref<16x2xi32, strided<[0, 1]>, #tile.reg>, memref<16x4xf32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%p: i1) kernel {
    %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
    %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{'pred' is not allowed on 'mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32': .aligned needs every lane of the warp to execute it}}
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %d) pred(%p) scope(warp) : memref<32x4xf32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    %a = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{operand #1 ('a') of 'mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32': expected atom extent 4 (native registers per instruction), got 2}}
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %d) scope(warp) : memref<32x4xf32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
    %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{requires .aligned in 'mma.sync.m16n8k16.row.col.f32.bf16.bf16.f32'}}
    tile.apply "mma.sync.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %d) scope(warp) : memref<32x4xf32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    %a = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{in 'mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f32'}}
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f32" (%d, %a, %b, %d) scope(warp) : memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<32x4xf64, strided<[0, 1]>, #tile.reg>
    %a = tile.alloc_local : memref<32x8xf64, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{sm_90}}
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64" (%d, %a, %d, %d) scope(warp) : memref<32x4xf64, strided<[0, 1]>, #tile.reg>, memref<32x8xf64, strided<[0, 1]>, #tile.reg>, memref<32x4xf64, strided<[0, 1]>, #tile.reg>, memref<32x4xf64, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}
