// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-check-targets -tile-expand-repeats -verify-diagnostics | FileCheck %s --check-prefix=EXPAND

// K accumulated through repeats: a repeat axis along which mma's destination
// has stride 0 chains its repeats. The first reads c, every later one d.
// c may be a scalar: every register of its fragment holds it.

!A = memref<32x2x4xi32, strided<[0, 4, 1]>, #tile.reg>
!B = memref<32x2x2xi32, strided<[0, 2, 1]>, #tile.reg>
!D = memref<32x2x4xf32, strided<[0, 0, 1]>, #tile.reg>
// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(warp) : {{.*}}, f32
// EXPAND-LABEL: gpu.func @k
// EXPAND: %[[C:.*]] = arith.constant 1.500000e+00 : f32
// EXPAND: tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"(%[[D0:[^,]*]], %{{[^,]*}}, %{{[^,]*}}, %[[C]]) scope(thread)
// EXPAND: tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"(%[[D1:[^,]*]], %{{[^,]*}}, %{{[^,]*}}, %[[D1]]) scope(thread) : memref<4xf32, strided<[1]>, #tile.reg>, memref<4xi32, strided<[1], offset: 4>, #tile.reg>, memref<2xi32, strided<[1], offset: 2>, #tile.reg>, memref<4xf32, strided<[1]>, #tile.reg>
// A tile c along a 2 x 2 grid whose second axis accumulates: repeat (i, 0)
// reads c[i], repeat (i, 1) reads d[i].
// EXPAND: tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"(%[[E0:[^,]*]], %{{[^,]*}}, %{{[^,]*}}, %[[C0:[^)]*]]) scope(thread) : memref<4xf32, strided<[1]>, #tile.reg>, {{.*}}, memref<4xf32, strided<[1]>, #tile.reg>
// EXPAND-NOT: %[[E0]]) scope
// EXPAND: tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"(%[[E0B:[^,]*]], %{{[^,]*}}, %{{[^,]*}}, %[[E0B]]) scope(thread) : memref<4xf32, strided<[1]>, #tile.reg>
// EXPAND: tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"(%[[E1:[^,]*]], %{{[^,]*}}, %{{[^,]*}}, %{{[^)]*}}) scope(thread) : memref<4xf32, strided<[1], offset: 4>, #tile.reg>, {{.*}}, memref<4xf32, strided<[1], offset: 4>, #tile.reg>
// EXPAND: tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"(%[[E1B:[^,]*]], %{{[^,]*}}, %{{[^,]*}}, %[[E1B]]) scope(thread) : memref<4xf32, strided<[1], offset: 4>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : !A
    %b = tile.alloc_local : !B
    %d = tile.alloc_local : !D
    %c = arith.constant 1.5 : f32
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %c) scope(warp) : !D, !A, !B, f32
    %a2 = tile.alloc_local : memref<32x2x2x4xi32, strided<[0, 0, 4, 1]>, #tile.reg>
    %b2 = tile.alloc_local : memref<32x2x2x2xi32, strided<[0, 0, 2, 1]>, #tile.reg>
    %d2 = tile.alloc_local : memref<32x2x2x4xf32, strided<[0, 4, 0, 1]>, #tile.reg>
    %c2 = tile.alloc_local : memref<32x2x2x4xf32, strided<[0, 4, 0, 1]>, #tile.reg>
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d2, %a2, %b2, %c2) scope(warp) : memref<32x2x2x4xf32, strided<[0, 4, 0, 1]>, #tile.reg>, memref<32x2x2x4xi32, strided<[0, 0, 4, 1]>, #tile.reg>, memref<32x2x2x2xi32, strided<[0, 0, 2, 1]>, #tile.reg>, memref<32x2x2x4xf32, strided<[0, 4, 0, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

// c varies along the accumulation axis: only its first entry would be read.
!A = memref<32x2x4xi32, strided<[0, 4, 1]>, #tile.reg>
!B = memref<32x2x2xi32, strided<[0, 2, 1]>, #tile.reg>
!D = memref<32x2x4xf32, strided<[0, 0, 1]>, #tile.reg>
!C = memref<32x2x4xf32, strided<[0, 4, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : !A
    %b = tile.alloc_local : !B
    %d = tile.alloc_local : !D
    %c = tile.alloc_local : !C
    // expected-error @+1 {{operand #3 ('c') of 'mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32': repeat axis 0 accumulates (the destination's stride is 0 there: each repeat adds to the last, the first to this operand), so this operand must not vary along it: expected stride 0, got 4}}
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %c) scope(warp) : !D, !A, !B, !C
    gpu.return
  }
}

// -----

// Only a multiply-accumulate chains: another instruction's destination
// written twice is still an error.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<32x2x1xf32, strided<[0, 0, 1]>, #tile.reg>
    %x = arith.constant 1.0 : f32
    // expected-error @+1 {{destination slots overlap: register slot 0 is written more than once (at repeat/atom coordinate (1, 0))}}
    tile.apply "add.f32" (%d, %x, %x) scope(warp) : memref<32x2x1xf32, strided<[0, 0, 1]>, #tile.reg>, f32, f32
    gpu.return
  }
}

// -----

// A scalar stands for a whole fragment only as the accumulator.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    %c = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    %x = arith.constant 1 : i32
    // expected-error @+1 {{operand #1 ('a') of 'mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32': a scalar can only stand for a single-register input or an accumulator, but this operand binds 4 registers}}
    tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %x, %b, %c) scope(warp) : memref<32x4xf32, strided<[0, 1]>, #tile.reg>, i32, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xf32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}
