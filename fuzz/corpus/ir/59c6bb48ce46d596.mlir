gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>, %p: i1) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "st.global.f32" (%g, %r) pred(%p) preserve_dst scope(thread) : memref<4x1xf32>, memref<4x1xf32, #tile.reg>
    gpu.return
  }
}
