module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @affine_fma(%A: memref<4x1xf32>, %Out: memref<4x1xf32>) kernel
        attributes {known_block_size = array<i32: 1, 0, 1>,
                    known_grid_size = array<i32: 1, 1, 1>} {
      %two = arith.constant 2.0 : f32
      %one = arith.constant 1.0 : f32
      %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
      tile.apply "ld.global.f32" (%r, %A) scope(thread)
          : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
      tile.apply "fma.rn.f32" (%r, %r, %two, %one) scope(thread)

          : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
      tile.apply "st.global.f32" (%Out, %r) scope(thread)
          : memref<4x1xf32>, memref<4x1xf32, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %a0 = arith.constant 3.0 : f32
    %a1 = arith.constant 5.0 : f32
    %a2 = arith.constant 7.0 : f32
    %a3 = arith.constant 11.0 : f32
    %A = memref.alloc() : memref<4x1xf32>
    memref.store %a0, %A[%c0, %c0] : memref<4x1xf32>
    memref.store %a1, %A[%c1, %c0] : memref<4x1xf32>
    memref.store %a2, %A[%c2, %c0] : memref<4x1xf32>
    memref.store %a3, %A[%c3, %c0] : memref<4x1xf32>
    %Out = memref.alloc() : memref<4x1xf32>
    %dA = gpu.alloc () : memref<4x1xf32>
    %dOut = gpu.alloc () : memref<4x1xf32>
    gpu.memcpy %dA, %A : memref<4x1xf32>, memref<4x1xf32>
    gpu.launch_func @kernels::@affine_fma blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%dA : memref<4x1xf32>, %dOut : memref<4x1xf32>)
    gpu.memcpy %Out, %dOut : memref<4x1xf32>, memref<4x1xf32>
    %u = memref.cast %Out : memref<4x1xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.dealloc %dA : memref<4x1xf32>
    gpu.dealloc %dOut : memref<4x1xf32>
    memref.dealloc %A : memref<4x1xf32>
    memref.dealloc %Out : memref<4x1xf32>
    return
  }
}
