// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats),tile-gpu-to-host{bounds-check=0})' %s | FileCheck %s

// The CPU backend's lowering (without the memory checks, which checks.mlir
// shows): the launch becomes a check of its dimensions and of the static
// shared memory (128 bytes), then loops over blocks (z, y, x) with the
// block's shared memory allocated per block (aligned to the 2^18 bytes of
// the shared window, so that an address's low bits are its shared address;
// device memory is aligned as cudaMalloc's), the workgroup buffer a view of
// it, then over threads (z, y, x); the
// kernel a host function taking the ids (thread, block, block and grid
// extents, the cluster's shape: 1x1x1 for a launch without clusters); the lane the linear thread id
// modulo 32; each instruction a tile_cpu_apply call, under scf.if for pred.

// CHECK-LABEL: func.func @main
// CHECK: %[[D:.*]] = memref.alloc() {alignment = 256 : i64} : memref<32x1x1xf32>
// CHECK: memref.copy %{{.*}}, %[[D]]
// CHECK: call @tile_cpu_check_launch(%{{.*}}, %c2, %c1, %c1, %c32, %c1, %c1, %c128, %c0)
// CHECK: scf.for %[[BZ:.*]] = %c0 to %c1
// CHECK: scf.for %[[BY:.*]] = %c0 to %c1
// CHECK: scf.for %[[BX:.*]] = %c0 to %c2
// CHECK: %[[ARENA:.*]] = memref.alloc(%c2048) {alignment = 262144 : i64} : memref<?xi8>
// CHECK: %[[WG:.*]] = memref.view %[[ARENA]][%c1024{{[_0-9]*}}][] : memref<?xi8> to memref<32xf32>
// CHECK: scf.for %[[TZ:.*]] = %c0 to %c1
// CHECK: scf.for %[[TY:.*]] = %c0 to %c1
// CHECK: scf.for %[[TX:.*]] = %c0 to %c32
// CHECK: func.call @__tile_cpu_m_k(%[[D]], %{{.*}}, %[[WG]], %[[TX]], %[[TY]], %[[TZ]], %[[BX]], %[[BY]], %[[BZ]], %c32, %c1, %c1, %c2, %c1, %c1, %c1{{[_0-9]*}}, %c1{{[_0-9]*}}, %c1{{[_0-9]*}})
// CHECK: memref.dealloc %[[ARENA]]
// CHECK: memref.dealloc %[[D]]

// CHECK: func.func private @__tile_cpu_m_k(%[[A:.*]]: memref<32x1x1xf32>, %[[P:.*]]: i1, %{{[^:]*}}: memref<32xf32>, %[[TX:[^:]*]]: index, %[[TY:[^:]*]]: index, %[[TZ:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[DX:[^:]*]]: index, %[[DY:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index
// The register tile: its one slot, viewed with the tile's stride-0 layout.
// CHECK: %[[SLOT:.*]] = memref.alloca() : memref<1xf32>
// CHECK: memref.reinterpret_cast %[[SLOT]] to offset: [0], sizes: [32, 1, 1], strides: [0, 1, 1]
// The private attribution: a buffer of the thread.
// CHECK: memref.alloca() : memref<2xf32>
// CHECK: %[[M1:.*]] = arith.muli %[[DY]], %[[TZ]]
// CHECK: %[[A1:.*]] = arith.addi %[[TY]], %[[M1]]
// CHECK: %[[M2:.*]] = arith.muli %[[DX]], %[[A1]]
// CHECK: %[[LIN:.*]] = arith.addi %[[TX]], %[[M2]]
// CHECK: %[[LANE:.*]] = arith.remui %[[LIN]], %c32
// The load reads the lane's row of A.
// CHECK: memref.subview %[[A]][%[[LANE]], 0, 0]
// The tenth argument (after the form and the eight qualifier words) says
// whether the instruction runs under pred.
// CHECK: call @tile_cpu_apply(%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %c0_i64{{[_0-9]*}},
// CHECK: scf.if %[[P]] {
// CHECK: func.call @tile_cpu_apply(%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %c1_i64{{[_0-9]*}},
// CHECK: }
// CHECK: call @tile_cpu_apply(%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %c0_i64{{[_0-9]*}},
// CHECK: return
// CHECK-DAG: func.func private @tile_cpu_apply(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, index, index)
// CHECK-DAG: func.func private @tile_cpu_check_launch(index, index, index, index, index, index, index, index, index)
// CHECK-NOT: gpu.
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<32x1x1xf32>, %p: i1) workgroup(%s: memref<32xf32, #gpu.address_space<workgroup>>) private(%q: memref<2xf32, #gpu.address_space<private>>) kernel {
      %c = arith.constant 2.0 : f32
      %r = tile.alloc_local : memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.f32" (%r, %A) scope(warp) : memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<32x1x1xf32>
      tile.apply "fma.rn.f32" (%r, %r, %c, %c) pred(%p) scope(warp) : memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>, f32, f32
      tile.apply "st.global.f32" (%A, %r) scope(warp) : memref<32x1x1xf32>, memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
  }
  func.func @main(%A: memref<32x1x1xf32>, %p: i1) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %d = gpu.alloc () : memref<32x1x1xf32>
    gpu.memcpy %d, %A : memref<32x1x1xf32>, memref<32x1x1xf32>
    gpu.launch_func @m::@k blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : memref<32x1x1xf32>, %p : i1)
    gpu.dealloc %d : memref<32x1x1xf32>
    return
  }
}
