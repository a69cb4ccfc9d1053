// RUN: tile-opt --pass-pipeline='builtin.module(tile-gpu-to-host{bounds-check=0})' %s | FileCheck %s

// A kernel with a barrier runs its threads together: the launch starts a
// block of bdim.x * bdim.y * bdim.z threads, the loops over threads spawn
// one fiber each (the host function's arguments packed in one LLVM struct,
// in a slot allocated once at the host function's entry), and
// tile_cpu_block_run runs them; the barrier is tile_cpu_barrier, named by
// its site (a number unique in the module). The entry
// function unpacks the struct and calls the host function.

// CHECK-LABEL: func.func @main
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
// CHECK: call @tile_cpu_check_launch
// CHECK: scf.for
// CHECK: %[[YZ:.*]] = arith.muli %c1, %c1
// CHECK: %[[N:.*]] = arith.muli %c4, %[[YZ]]
// CHECK: call @tile_cpu_block_begin(%[[N]])
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: llvm.store %{{.*}}, %[[SLOT]]
// CHECK: %[[F:.*]] = func.constant @__tile_cpu_m_k_thread : (!llvm.ptr) -> ()
// CHECK: call @tile_cpu_block_spawn(%[[F]], %[[SLOT]], %{{.*}})
// CHECK-NOT: call @__tile_cpu_m_k(
// CHECK: call @tile_cpu_block_run()

// CHECK: func.func private @__tile_cpu_m_k(
// CHECK: %[[SITE:.*]] = arith.constant {{[0-9]+}} : i64
// CHECK: call @tile_cpu_barrier(%[[SITE]]) : (i64) -> ()

// CHECK: func.func private @__tile_cpu_m_k_thread(%[[P:.*]]: !llvm.ptr)
// CHECK: %[[S:.*]] = llvm.load %[[P]]
// CHECK: %[[M:.*]] = llvm.extractvalue %[[S]][0]
// CHECK: builtin.unrealized_conversion_cast %[[M]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<4xi32>
// CHECK: call @__tile_cpu_m_k(

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%O: memref<4xi32>) kernel {
      gpu.barrier
      gpu.return
    }
  }

  func.func @main(%O: memref<4xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%O : memref<4xi32>)
    return
  }
}
