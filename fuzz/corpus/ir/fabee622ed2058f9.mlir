gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x8xi16>) kernel {
    %r = tile.alloc_local : memref<2x8xi16, #tile.reg>
    tile.apply "st.global.v8.b16" (%g, %r) scope(thread) : memref<2x8xi16>, memref<2x8xi16, #tile.reg>
    gpu.return
  }
}
