// The "four fused operations" example of the TIRx fma page:
//
//   r = T.alloc_local((4, 1), "float32")
//   T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
//   T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, T.float32(2), T.float32(1))
//   T.cuda.tile.apply(T.ptx["st.global.f32"], Out, r)
//
// launched with grid=1, block=1. Out = 2*A + 1.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @affine_fma(%A: memref<4x1xf32>, %Out: memref<4x1xf32>) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>,
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
}
