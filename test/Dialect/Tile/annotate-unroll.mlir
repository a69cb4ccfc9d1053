// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats, tile-annotate-unroll))' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats, tile-annotate-unroll{target=64}))' | FileCheck %s --check-prefix=SMALL
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats, tile-annotate-unroll{target=0}))' | FileCheck %s --check-prefix=OFF

// Unroll counts for innermost loops of tile instructions: the largest power
// of two with at most `target` (1024) instructions in the unrolled body, at
// most a constant trip count; user annotations and other loops stay.

// CHECK-DAG: #[[U128:.*]] = #llvm.loop_unroll<count = 128 : i32>
// CHECK-DAG: #[[A128:.*]] = #llvm.loop_annotation<unroll = #[[U128]]>
// CHECK-DAG: #[[U3:.*]] = #llvm.loop_unroll<count = 3 : i32>
// CHECK-DAG: #[[U2:.*]] = #llvm.loop_unroll<count = 2 : i32>
// CHECK-DAG: #[[A3:.*]] = #llvm.loop_annotation<unroll = #[[U3]]>
// CHECK-DAG: #[[A2:.*]] = #llvm.loop_annotation<unroll = #[[U2]]>
// CHECK-DAG: #[[UOFF:.*]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[AOFF:.*]] = #llvm.loop_annotation<unroll = #[[UOFF]]>
// SMALL-DAG: #[[S8:.*]] = #llvm.loop_unroll<count = 8 : i32>
// SMALL-DAG: #[[SA8:.*]] = #llvm.loop_annotation<unroll = #[[S8]]>
// SMALL-DAG: #[[S4:.*]] = #llvm.loop_unroll<count = 4 : i32>
// SMALL-DAG: #[[SA4:.*]] = #llvm.loop_annotation<unroll = #[[S4]]>
// CHECK-DAG: #[[U12:.*]] = #llvm.loop_unroll<count = 12 : i32>
// CHECK-DAG: #[[A12:.*]] = #llvm.loop_annotation<unroll = #[[U12]]>
// OFF: #{{.*}} = #llvm.loop_unroll<disable = true>
// OFF-NOT: loop_unroll<count

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @constant_trips
  // SMALL-LABEL: gpu.func @constant_trips
  gpu.func @constant_trips(%a: f32, %b: f32) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4096 = arith.constant 4096 : index
    %r = tile.alloc_local : memref<8x1xf32, #tile.reg>
    scf.for %i = %c0 to %c4096 step %c1 {
      tile.apply "fma.rn.f32" (%r, %r, %a, %b) scope(thread) : memref<8x1xf32, #tile.reg>, memref<8x1xf32, #tile.reg>, f32, f32
    }
    // CHECK: } {llvm.loop_annotation = #[[A128]]}
    // SMALL: } {llvm.loop_annotation = #[[SA8]]}
    gpu.return
  }

  // A trip count given at run time: the same count (LLVM adds a remainder).
  // CHECK-LABEL: gpu.func @runtime_trips
  gpu.func @runtime_trips(%a: f32, %b: f32, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = tile.alloc_local : memref<8x1xf32, #tile.reg>
    scf.for %i = %c0 to %n step %c1 {
      tile.apply "fma.rn.f32" (%r, %r, %a, %b) scope(thread) : memref<8x1xf32, #tile.reg>, memref<8x1xf32, #tile.reg>, f32, f32
    }
    // CHECK: } {llvm.loop_annotation = #[[A128]]}
    gpu.return
  }

  // Three trips: unrolled fully.
  // CHECK-LABEL: gpu.func @few_trips
  gpu.func @few_trips(%a: f32, %b: f32) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r = tile.alloc_local : memref<8x1xf32, #tile.reg>
    scf.for %i = %c0 to %c3 step %c1 {
      tile.apply "fma.rn.f32" (%r, %r, %a, %b) scope(thread) : memref<8x1xf32, #tile.reg>, memref<8x1xf32, #tile.reg>, f32, f32
    }
    // CHECK: } {llvm.loop_annotation = #[[A3]]}
    gpu.return
  }

  // A body of 512 instructions is unrolled twice; the outer loop (which
  // holds a loop) and a loop without tile instructions are left alone; the
  // user's own annotation is kept.
  // CHECK-LABEL: gpu.func @others
  gpu.func @others(%a: f32, %b: f32, %n: index, %o: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = tile.alloc_local : memref<512x1xf32, #tile.reg>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        tile.apply "fma.rn.f32" (%r, %r, %a, %b) scope(thread) : memref<512x1xf32, #tile.reg>, memref<512x1xf32, #tile.reg>, f32, f32
      }
      // CHECK: } {llvm.loop_annotation = #[[A2]]}
      // CHECK-NEXT: {{^ *}}}{{$}}
    }
    // CHECK-NEXT: scf.for
    // CHECK-NEXT: memref.store
    // CHECK-NEXT: {{^ *}}}{{$}}
    scf.for %i = %c0 to %n step %c1 {
      memref.store %a, %o[%c0] : memref<1xf32>
    }
    // CHECK-NEXT: scf.for
    scf.for %i = %c0 to %n step %c1 {
      tile.apply "fma.rn.f32" (%r, %r, %a, %b) scope(thread) : memref<512x1xf32, #tile.reg>, memref<512x1xf32, #tile.reg>, f32, f32
    } {llvm.loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
    // CHECK: } {llvm.loop_annotation = #[[AOFF]]}
    gpu.return
  }

  // A loop of a warp collective (convergent inline asm): LLVM unrolls it only
  // without a remainder, so a runtime trip count gets no count, and a
  // constant one a count that divides it (12 trips of 8 shuffles: 4 at
  // target 64, where 8 would leave a remainder).
  // CHECK-LABEL: gpu.func @collective
  // SMALL-LABEL: gpu.func @collective
  gpu.func @collective(%a: i32, %b: f32, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c12 = arith.constant 12 : index
    %d = tile.alloc_local : memref<8x1xi32, #tile.reg>
    %r = tile.alloc_local : memref<8x1xf32, #tile.reg>
    scf.for %i = %c0 to %n step %c1 {
      tile.apply "shfl.sync.bfly.b32" (%d, %a, %a, %a, %a) scope(thread) : memref<8x1xi32, #tile.reg>, i32, i32, i32, i32
    }
    // CHECK: scf.for %{{.*}} = %{{.*}} to %arg2 step
    // CHECK-NOT: loop_annotation
    // CHECK: scf.for %{{.*}} = %{{.*}} to %c12 step
    scf.for %i = %c0 to %c12 step %c1 {
      tile.apply "shfl.sync.bfly.b32" (%d, %a, %a, %a, %a) scope(thread) : memref<8x1xi32, #tile.reg>, i32, i32, i32, i32
    }
    // CHECK: } {llvm.loop_annotation = #[[A12]]}
    // SMALL: } {llvm.loop_annotation = #[[SA4]]}
    // A barrier is convergent too, and wgmma's ordering instructions lower
    // to asm made convergent by their mnemonic: no count at a runtime trip
    // count.
    // CHECK: gpu.barrier
    // CHECK-NEXT: {{^ *}}}{{$}}
    scf.for %i = %c0 to %n step %c1 {
      tile.apply "shfl.sync.bfly.b32" (%d, %a, %a, %a, %a) scope(thread) : memref<8x1xi32, #tile.reg>, i32, i32, i32, i32
      gpu.barrier
    }
    // CHECK: tile.apply "wgmma.commit_group.sync.aligned"
    // CHECK-NEXT: {{^ *}}}{{$}}
    scf.for %i = %c0 to %n step %c1 {
      tile.apply "fma.rn.f32" (%r, %r, %b, %b) scope(thread) : memref<8x1xf32, #tile.reg>, memref<8x1xf32, #tile.reg>, f32, f32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    }
    gpu.return
  }
}
