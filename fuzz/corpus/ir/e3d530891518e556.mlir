gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>, %c: f32) kernel {
    tile.apply "fma.rn.f32" (%g, %g, %c, %c) scope(thread) : memref<4x1xf32>, memref<4x1xf32>, f32, f32
    gpu.return
  }
}
