// RUN: tile-opt --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats{base-views=false}),tile-gpu-to-host)' %s | FileCheck %s

// The CPU backend's memory checks (tile-gpu-to-host's default bounds-check):
// the host records what it allocates (gpu.alloc, memref.alloc) and forgets
// what it frees; a launch finds the buffer of each memref argument and
// records each block's workgroup buffer; the kernel takes each memref
// parameter's buffer (start, size, description) after the ids and checks
// the accesses of a segment of straight-line code with one branch, before
// its first access: the in-bounds predicate per access (inlined), and on
// the cold path the check of the first bad one, which reports it. The
// register tile's constant-index accesses are proven in bounds and not
// checked; the ld.global and st.global of the warp are (ranked 3, in the
// memref the tile.apply names, at the lane's row), and so are the load of
// %B and the store to the workgroup buffer.

// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 256 : i64} : memref<32x1x1xf32>
// CHECK: call @tile_cpu_register_buffer(
// CHECK: %[[B:.*]] = memref.alloc(%{{.*}}) {alignment = 256 : i64} : memref<?xf32>
// CHECK: call @tile_cpu_register_buffer(
// CHECK: call @tile_cpu_check_launch(%{{.*}}, %c1, %c1, %c1, %c32, %c1, %c1, %c128, %c0
// CHECK: call @tile_cpu_find_buffer(
// CHECK: %[[A0:.*]] = memref.load %[[OUT:.*]][%c0
// CHECK: %[[A1:.*]] = memref.load %[[OUT]][%c1
// CHECK: %[[A2:.*]] = memref.load %[[OUT]][%c2
// CHECK: call @tile_cpu_find_buffer(
// CHECK: %[[ARENA:.*]] = memref.alloc(%c2048) {alignment = 262144 : i64} : memref<?xi8>
// CHECK: %[[WG:.*]] = memref.view %[[ARENA]][%c1024{{[_0-9]*}}][] : memref<?xi8> to memref<32xf32>
// CHECK: %[[WGP:.*]] = memref.extract_aligned_pointer_as_index %[[WG]]
// CHECK: func.call @tile_cpu_register_buffer(%[[WGP]], %[[WGB:[^,]*]], %[[WGD:[^)]*]])
// CHECK: func.call @__tile_cpu_m_k(%[[A]], %[[B]], %[[WG]], {{.*}}, %[[A0]], %[[A1]], %[[A2]], %{{.*}}, %{{.*}}, %{{.*}}, %[[WGP]], %[[WGB]], %[[WGD]])
// CHECK: func.call @tile_cpu_unregister_buffer(%[[WGP]])
// CHECK-NEXT: memref.dealloc %[[ARENA]]
// CHECK: call @tile_cpu_unregister_buffer(
// CHECK-NEXT: memref.dealloc %[[B]]

// CHECK-LABEL: func.func private @__tile_cpu_m_k
// CHECK-SAME: %[[K:[^:]*]]: memref<32x1x1xf32>
// CHECK: %[[LANE:.*]] = arith.remui
// CHECK: %[[OK1:.*]] = call @__tile_cpu_in_bounds_rank3({{.*}}, %[[LANE]], %{{.*}}, %{{.*}}, %{{.*}}
// CHECK: %[[OK2:.*]] = call @__tile_cpu_in_bounds_rank3(
// CHECK: cf.cond_br %{{.*}}, ^[[COLD:.*]], ^[[HOT:.*]]
// CHECK: ^[[COLD]]:
// CHECK: arith.select %[[OK1]]
// CHECK: call @__tile_cpu_check_rank3(
// CHECK: cf.br ^[[HOT]]
// CHECK: ^[[HOT]]:
// CHECK: memref.load
// CHECK: call @tile_cpu_apply
// CHECK: call @tile_cpu_apply
// CHECK: call @__tile_cpu_in_bounds_rank1(
// CHECK: call @__tile_cpu_in_bounds_rank1(
// CHECK: cf.cond_br
// CHECK: call @__tile_cpu_check_rank1(
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<32xf32>
// CHECK-NEXT: return

// CHECK-DAG: func.func private @__tile_cpu_in_bounds_rank3({{.*}}) -> i1 attributes {passthrough = ["alwaysinline"]}
// CHECK-DAG: func.func private @__tile_cpu_check_rank3({{.*}}) attributes {passthrough = ["noinline", "cold"]}
// CHECK-DAG: func.func private @__tile_cpu_fail_rank3({{.*}}) attributes {passthrough = ["noinline", "cold"]}
// CHECK-DAG: func.func private @tile_cpu_report_access(index, index) attributes {passthrough = ["noreturn", "cold"]}
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<32x1x1xf32>, %B: memref<?xf32>) workgroup(%S: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %r = tile.alloc_local : memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.f32" (%r, %A) scope(warp) : memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<32x1x1xf32>
      tile.apply "st.global.f32" (%A, %r) scope(warp) : memref<32x1x1xf32>, memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>
      %v = memref.load %B[%t] : memref<?xf32>
      memref.store %v, %S[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @main(%n: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %A = gpu.alloc () : memref<32x1x1xf32>
    %B = gpu.alloc (%n) : memref<?xf32>
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%A : memref<32x1x1xf32>, %B : memref<?xf32>)
    gpu.dealloc %B : memref<?xf32>
    return
  }
}
