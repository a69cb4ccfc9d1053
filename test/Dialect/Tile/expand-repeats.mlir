// RUN: tile-opt %s --tile-expand-repeats --canonicalize | FileCheck %s
// RUN: tile-opt %s --tile-expand-repeats | FileCheck %s --check-prefix=RAW

// Static atom offsets are views of the operand's base buffer (what
// expand-strided-metadata would make of a subview), one
// extract_strided_metadata per operand; offsets from group coordinates
// stay subviews (the canonicalizer above folds the metadata away).
// RAW-LABEL: gpu.func @row_major
// RAW: %[[R:.*]] = tile.alloc_local
// RAW: %[[BASE:.*]], %{{.*}}, %{{.*}}:3, %{{.*}}:3 = memref.extract_strided_metadata %[[R]]
// RAW-COUNT-6: memref.reinterpret_cast %[[BASE]] to offset:
// RAW-NOT: extract_strided_metadata
// RAW-LABEL: gpu.func @permuted

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // One instruction per repeat, row-major; the scalars are reused.
  // CHECK-LABEL: gpu.func @row_major
  // CHECK-SAME: (%[[C:.*]]: f32, %[[D:.*]]: f32)
  gpu.func @row_major(%c: f32, %d: f32) kernel {
    // CHECK: %[[R:.*]] = tile.alloc_local : memref<2x3x1xf32, #tile.reg>
    %r = tile.alloc_local : memref<2x3x1xf32, #tile.reg>
    // CHECK: %[[V0:.*]] = memref.reinterpret_cast %[[R]] to offset: [0], sizes: [1], strides: [1]
    // CHECK: tile.apply "fma.rn.f32"(%[[V0]], %[[V0]], %[[C]], %[[D]]) scope(thread) : memref<1xf32, strided<[1]>, #tile.reg>
    // CHECK: %[[V1:.*]] = memref.reinterpret_cast %[[R]] to offset: [1],
    // CHECK: tile.apply "fma.rn.f32"(%[[V1]], %[[V1]], %[[C]], %[[D]])
    // CHECK: memref.reinterpret_cast %[[R]] to offset: [2],
    // CHECK: memref.reinterpret_cast %[[R]] to offset: [3],
    // CHECK: memref.reinterpret_cast %[[R]] to offset: [4],
    // CHECK: %[[V5:.*]] = memref.reinterpret_cast %[[R]] to offset: [5],
    // CHECK: tile.apply "fma.rn.f32"(%[[V5]], %[[V5]], %[[C]], %[[D]])
    // CHECK-NOT: tile.apply
    tile.apply "fma.rn.f32" (%r, %r, %c, %d) scope(thread) : memref<2x3x1xf32, #tile.reg>, memref<2x3x1xf32, #tile.reg>, f32, f32
    gpu.return
  }

  // A permuted view of a register tile.
  // CHECK-LABEL: gpu.func @permuted
  gpu.func @permuted(%c: f32) kernel {
    %r = tile.alloc_local : memref<2x3x1xf32, #tile.reg>
    %t = memref.transpose %r (i, j, k) -> (j, i, k) : memref<2x3x1xf32, #tile.reg> to memref<3x2x1xf32, strided<[1, 3, 1]>, #tile.reg>
    // Repeat (i, j) of the transposed view is slot i + 3*j of the tile.
    // CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], {{.*}} to memref<1xf32, strided<[1]>, #tile.reg>
    // CHECK: memref.reinterpret_cast %{{.*}} to offset: [3], {{.*}} to memref<1xf32, strided<[1], offset: 3>, #tile.reg>
    // CHECK: memref.reinterpret_cast %{{.*}} to offset: [1], {{.*}} to memref<1xf32, strided<[1], offset: 1>, #tile.reg>
    // CHECK: memref.reinterpret_cast %{{.*}} to offset: [4], {{.*}} to memref<1xf32, strided<[1], offset: 4>, #tile.reg>
    // CHECK: memref.reinterpret_cast %{{.*}} to offset: [2], {{.*}} to memref<1xf32, strided<[1], offset: 2>, #tile.reg>
    // CHECK: memref.reinterpret_cast %{{.*}} to offset: [5], {{.*}} to memref<1xf32, strided<[1], offset: 5>, #tile.reg>
    // CHECK-NEXT: tile.apply "fma.rn.f32"
    // CHECK-NEXT: gpu.return
    tile.apply "fma.rn.f32" (%t, %t, %c, %c) scope(thread) : memref<3x2x1xf32, strided<[1, 3, 1]>, #tile.reg>, memref<3x2x1xf32, strided<[1, 3, 1]>, #tile.reg>, f32, f32
    gpu.return
  }

  // Warp scope with a 16-lane group: the lane indexes memory, the register
  // tile is distributed, and lanes 16..31 are guarded off.
  // CHECK-LABEL: gpu.func @warp_subrange
  // CHECK-SAME: (%[[G:.*]]: memref<16x2x1xf32>, %[[P:.*]]: i1)
  gpu.func @warp_subrange(%g: memref<16x2x1xf32>, %p: i1) kernel {
    %r = tile.alloc_local : memref<16x2x1xf32, strided<[0, 1, 1]>, #tile.reg>
    // CHECK: %[[R:.*]] = tile.alloc_local
    // CHECK: %[[LANE:.*]] = gpu.lane_id
    // CHECK: %[[IN:.*]] = arith.cmpi ult, %[[LANE]], %{{.*}} : index
    // CHECK: scf.if %[[IN]] {
    // CHECK: %[[RV0:.*]] = memref.reinterpret_cast %[[R]] to offset: [0]
    // CHECK: %[[GV0:.*]] = memref.subview %[[G]][%[[LANE]], 0, 0]
    // CHECK: tile.apply "ld.global.f32"(%[[RV0]], %[[GV0]]) pred(%[[P]]) preserve_dst scope(thread)
    // CHECK: %[[GV1:.*]] = memref.subview %[[G]][%[[LANE]], 1, 0]
    // CHECK: tile.apply "ld.global.f32"(%{{.*}}, %[[GV1]]) pred(%[[P]]) preserve_dst scope(thread)
    // CHECK: }
    tile.apply "ld.global.f32" (%r, %g) pred(%p) preserve_dst scope(warp) : memref<16x2x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<16x2x1xf32>
    gpu.return
  }

  // A full warp needs no guard.
  // CHECK-LABEL: gpu.func @warp_full
  gpu.func @warp_full(%g: memref<32x1x1xf32>) kernel {
    %r = tile.alloc_local : memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>
    // CHECK: gpu.lane_id
    // CHECK-NOT: scf.if
    // CHECK: tile.apply "ld.global.f32"
    tile.apply "ld.global.f32" (%r, %g) scope(warp) : memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<32x1x1xf32>
    gpu.return
  }

  // Warpgroup: (warp_in_group, lane) = ((tid / 32) % 4, lane).
  // CHECK-LABEL: gpu.func @warpgroup
  gpu.func @warpgroup(%g: memref<4x32x1x4xf32>) kernel {
    %r = tile.alloc_local : memref<4x32x1x4xf32, strided<[0, 0, 4, 1]>, #tile.reg>
    // CHECK: %[[LANE:.*]] = gpu.lane_id
    // CHECK: gpu.thread_id x
    // CHECK: %[[W:.*]] = arith.divui %{{.*}}, %c32
    // CHECK: %[[WG:.*]] = arith.remui %[[W]], %c4
    // CHECK-NOT: scf.if
    // CHECK: memref.subview %{{.*}}[%[[WG]], %[[LANE]], 0, 0] [1, 1, 1, 4]
    // CHECK: tile.apply "ld.global.v4.f32"
    tile.apply "ld.global.v4.f32" (%r, %g) scope(warpgroup) : memref<4x32x1x4xf32, strided<[0, 0, 4, 1]>, #tile.reg>, memref<4x32x1x4xf32>
    gpu.return
  }

  // CTA scope: (warp_in_cta, lane); the warp count is a launch parameter, so
  // warps beyond the group are guarded off.
  // CHECK-LABEL: gpu.func @cta
  gpu.func @cta(%g: memref<2x32x1x1xf32>) kernel {
    %r = tile.alloc_local : memref<2x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>
    // CHECK: %[[LANE:.*]] = gpu.lane_id
    // CHECK: %[[W:.*]] = arith.divui %{{.*}}, %c32
    // CHECK: %[[IN:.*]] = arith.cmpi ult, %[[W]], %c2
    // CHECK: scf.if %[[IN]]
    // CHECK: memref.subview %{{.*}}[%[[W]], %[[LANE]], 0, 0]
    tile.apply "ld.global.f32" (%r, %g) scope(cta) : memref<2x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>, memref<2x32x1x1xf32>
    gpu.return
  }
}
