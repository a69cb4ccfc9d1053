gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<3x2xf64, strided<[3, 1]>>) kernel {
    %r = tile.alloc_local : memref<3x2xf64, #tile.reg>
    tile.apply "st.global.v2.f64" (%g, %r) scope(thread) : memref<3x2xf64, strided<[3, 1]>>, memref<3x2xf64, #tile.reg>
    gpu.return
  }
}
