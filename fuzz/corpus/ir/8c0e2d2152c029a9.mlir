gpu.module @n {
  gpu.func @k(%g: memref<1x1xi32>) kernel {
    %r = tile.alloc_local : memref<1x1xi32, #tile.reg>
    tile.apply "ld.global.b32" (%r, %g) scope(thread) : memref<1x1xi32, #tile.reg>, memref<1x1xi32>
    tile.apply "st.global.b32" (%g, %r) scope(thread) : memref<1x1xi32>, memref<1x1xi32, #tile.reg>
    gpu.return
  }
}
