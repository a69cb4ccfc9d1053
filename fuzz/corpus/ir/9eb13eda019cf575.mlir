gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x4xf32>, %c: f32) kernel {
    tile.apply "st.global.v4.f32" (%g, %c) scope(thread) : memref<2x4xf32>, f32
    gpu.return
  }
}
