gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<1x1xi64>, %c: i64) kernel {
    %r = tile.alloc_local : memref<1x1xi64, #tile.reg>
    tile.apply "ld.global.b64" (%r, %g) scope(thread) : memref<1x1xi64, #tile.reg>, memref<1x1xi64>
    tile.apply "fma.rn.f32x2" (%r, %r, %c, %c) scope(thread) : memref<1x1xi64, #tile.reg>, memref<1x1xi64, #tile.reg>, i64, i64
    tile.apply "st.global.b64" (%g, %r) scope(thread) : memref<1x1xi64>, memref<1x1xi64, #tile.reg>
    gpu.return
  }
}
