gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<8x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(warpgroup) : memref<8x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>, memref<8x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>, f32, f32
    gpu.return
  }
}
