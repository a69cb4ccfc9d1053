gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<256x1xf32>) kernel {
    %r = tile.alloc_local : memref<256x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<256x1xf32, #tile.reg>, memref<256x1xf32>
    tile.apply "st.global.f32" (%g, %r) scope(thread) : memref<256x1xf32>, memref<256x1xf32, #tile.reg>
    gpu.return
  }
}
