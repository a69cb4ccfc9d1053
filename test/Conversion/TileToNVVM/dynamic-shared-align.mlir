// RUN: tile-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s
// A kernel asks its dynamic shared memory to be 1024-byte aligned (a TMA
// box with the 128-byte swizzle in a pool over it): the external array
// takes that alignment (PTX `.extern .shared .align 1024 .b8 ...[]`).
// CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%o: memref<4xf32>) kernel attributes {tile.dynamic_shared_align = 1024 : i64} {
    %c0 = arith.constant 0 : index
    %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %v = memref.view %d[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
    %x = memref.load %v[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    memref.store %x, %o[%c0] : memref<4xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @below {{'tile.dynamic_shared_align' must be a power of two from 1 to 1024, got 2048 : i64}}
  gpu.func @k(%o: memref<4xf32>) kernel attributes {tile.dynamic_shared_align = 2048 : i64} {
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @below {{'tile.dynamic_shared_align' must be a power of two from 1 to 1024, got 96 : i64}}
  gpu.func @k(%o: memref<4xf32>) kernel attributes {tile.dynamic_shared_align = 96 : i64} {
    gpu.return
  }
}
