gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<16x4x1xf32>) kernel {
    %r = tile.alloc_local : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(warp) : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<16x4x1xf32>
    gpu.return
  }
}
