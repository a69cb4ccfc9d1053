gpu.module @m [#nvvm.target<chip = "sm_101">] {
  gpu.func @k(%g: memref<1x1xf32>, %c: f32) kernel {
    %r = tile.alloc_local : memref<1x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<1x1xf32, #tile.reg>, memref<1x1xf32>
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<1x1xf32, #tile.reg>, memref<1x1xf32, #tile.reg>, f32, f32
    tile.apply "st.global.f32" (%g, %r) scope(thread) : memref<1x1xf32>, memref<1x1xf32, #tile.reg>
    gpu.return
  }
}
