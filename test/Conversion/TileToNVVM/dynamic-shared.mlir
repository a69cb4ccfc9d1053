// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s
// gpu.dynamic_shared_memory is the region the launch sizes: an external
// zero-sized array in shared memory (PTX `.extern .shared ... []`). MLIR
// makes it internal, and LLVM's NVPTX backend then demotes it into the
// kernel as a 1-byte `.shared` variable.
// CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// A static workgroup buffer stays internal.
// CHECK: llvm.mlir.global internal @__wg_k_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%o: memref<4xf32>) workgroup(%w: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %v = memref.view %d[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
    %x = memref.load %v[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    memref.store %x, %w[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    %y = memref.load %w[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    memref.store %y, %o[%c0] : memref<4xf32>
    gpu.return
  }
}
