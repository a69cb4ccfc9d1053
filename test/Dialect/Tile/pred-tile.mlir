// RUN: tile-opt %s | FileCheck %s --check-prefix=ROUND
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s --check-prefix=ROUND
// RUN: tile-opt %s --tile-expand-repeats | FileCheck %s

// A predicate tile gives each repeat its own predicate: tile-expand-repeats
// loads the repeat's element of the i1 tile and predicates that repeat's
// instruction with it; at warp scope each lane reads its own slice (the
// group axis is distributed, stride 0).

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // ROUND-LABEL: gpu.func @thread
  // CHECK-LABEL: gpu.func @thread
  gpu.func @thread(%c: i32) kernel {
    %x = tile.alloc_local : memref<2x1xi32, #tile.reg>
    %q = tile.alloc_local : memref<2x1xi1, #tile.reg>
    // ROUND: tile.apply "add.s32"(%{{.*}}, %{{.*}}, %{{.*}}) pred(%{{.*}} : memref<2x1xi1, #tile.reg>) preserve_dst scope(thread)
    // CHECK: %[[Q0:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1], strides: [1] : memref<i1, #tile.reg> to memref<1xi1, strided<[1]>, #tile.reg>
    // CHECK: %[[P0:.*]] = memref.load %[[Q0]][%{{.*}}] : memref<1xi1, strided<[1]>, #tile.reg>
    // CHECK: tile.apply "add.s32"(%{{.*}}, %{{.*}}, %{{.*}}) pred(%[[P0]]) preserve_dst scope(thread)
    // CHECK: %[[Q1:.*]] = memref.reinterpret_cast %{{.*}} to offset: [1], sizes: [1], strides: [1] : memref<i1, #tile.reg> to memref<1xi1, strided<[1], offset: 1>, #tile.reg>
    // CHECK: %[[P1:.*]] = memref.load %[[Q1]][%{{.*}}]
    // CHECK: tile.apply "add.s32"(%{{.*}}, %{{.*}}, %{{.*}}) pred(%[[P1]]) preserve_dst scope(thread)
    tile.apply "add.s32" (%x, %x, %c) pred(%q : memref<2x1xi1, #tile.reg>) preserve_dst scope(thread) : memref<2x1xi32, #tile.reg>, memref<2x1xi32, #tile.reg>, i32
    gpu.return
  }

  // CHECK-LABEL: gpu.func @warp
  gpu.func @warp(%c: i32) kernel {
    %x = tile.alloc_local : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
    %q = tile.alloc_local : memref<32x2x1xi1, strided<[0, 1, 1]>, #tile.reg>
    // CHECK-COUNT-2: tile.apply "add.s32"(%{{.*}}, %{{.*}}, %{{.*}}) pred(%{{.*}}) scope(thread)
    tile.apply "add.s32" (%x, %x, %c) pred(%q : memref<32x2x1xi1, strided<[0, 1, 1]>, #tile.reg>) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, i32
    gpu.return
  }
}
