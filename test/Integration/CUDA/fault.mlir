// A kernel that stores far outside its buffer: the launch's failure comes
// back as a status (CUDA_ERROR_ILLEGAL_ADDRESS) and tile-runner exits 1.
// RUN: not tile-runner %s 2>&1 | FileCheck %s
// CHECK: CUDA_ERROR_ILLEGAL_ADDRESS
// CHECK: {{[0-9]+}} CUDA runtime failure(s); first: {{.*}}CUDA_ERROR_ILLEGAL_ADDRESS
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @fault(%Out: memref<4x1xf32>) kernel {
      %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
      %far = memref.reinterpret_cast %Out to offset: [4398046511104], sizes: [4, 1], strides: [1, 1]
          : memref<4x1xf32> to memref<4x1xf32, strided<[1, 1], offset: 4398046511104>>
      tile.apply "st.global.f32" (%far, %r) scope(thread)
          : memref<4x1xf32, strided<[1, 1], offset: 4398046511104>>, memref<4x1xf32, #tile.reg>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %d = gpu.alloc () : memref<4x1xf32>
    gpu.launch_func @kernels::@fault blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) args(%d : memref<4x1xf32>)
    return
  }
}
