// RUN: tile-opt %s -tile-narrow-loop-counters -split-input-file | FileCheck %s
// RUN: tile-translate --mlir-to-ptx %S/narrow-loop-counters.mlir -split-input-file 2>&1 | FileCheck %s --check-prefix=PTX

// A loop over index with constant bounds counts in i32; the body sees the
// counter as an index, and the loop keeps its attributes (the unroll
// annotation). In the PTX the counter is a 32-bit register.
// CHECK-LABEL: gpu.func @narrowed
// CHECK-DAG: %[[LB:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[UB:.*]] = arith.constant 4096 : i32
// CHECK-DAG: %[[ST:.*]] = arith.constant 1 : i32
// CHECK: scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[ST]] : i32 {
// CHECK-NEXT: %[[W:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[W]]]
// CHECK: } {llvm.loop_annotation = #{{.*}}}
// PTX-LABEL: .entry narrowed
// PTX-NOT: setp.{{[a-z]+}}.{{[bsu]}}64
// PTX: setp.{{[a-z]+}}.{{[bsu]}}32
// PTX-NOT: setp.{{[a-z]+}}.{{[bsu]}}64
// PTX-LABEL: .entry kept
#unroll = #llvm.loop_annotation<unroll = <count = 4 : i32>>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @narrowed(%out: memref<4096xf32>, %v: f32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 4096 : index
      scf.for %i = %c0 to %n step %c1 {
        memref.store %v, %out[%i] : memref<4096xf32>
      } {llvm.loop_annotation = #unroll}
      gpu.return
    }
  }
}

// -----

// Loops it leaves alone: a bound known only at run time, a negative lower
// bound, an upper bound past the i32 range, a last increment past it
// (0 to 2^31 - 1 by 2 ends at 2^31 - 2 and steps to 2^31), and a counter
// that is already an i32. 0 to 2^31 - 1 by 1 fits: its last step ends at
// 2^31 - 1.
// CHECK-LABEL: gpu.func @kept
// CHECK: scf.for %{{.*}} = %{{.*}} to %arg1 step %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT: arith.index_cast
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @kept(%out: memref<?xf32>, %n: index, %v: f32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %cm1 = arith.constant -1 : index
      %big = arith.constant 2147483648 : index
      %max = arith.constant 2147483647 : index
      scf.for %i = %c0 to %n step %c1 {
        memref.store %v, %out[%i] : memref<?xf32>
      }
      scf.for %i = %cm1 to %c1 step %c1 {
        memref.store %v, %out[%c0] : memref<?xf32>
      }
      scf.for %i = %c0 to %big step %c1 {
        memref.store %v, %out[%c0] : memref<?xf32>
      }
      scf.for %i = %c0 to %max step %c2 {
        memref.store %v, %out[%c0] : memref<?xf32>
      }
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 8 : i32
      scf.for %i = %z to %t step %o : i32 {
        memref.store %v, %out[%c0] : memref<?xf32>
      }
      scf.for %i = %c0 to %max step %c1 {
        memref.store %v, %out[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
