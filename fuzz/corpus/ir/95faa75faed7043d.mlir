gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x4xf32, strided<[4, 1], offset: 2>>) kernel {
    %r = tile.alloc_local : memref<2x4xf32, #tile.reg>
    tile.apply "ld.global.v4.f32" (%r, %g) scope(thread) : memref<2x4xf32, #tile.reg>, memref<2x4xf32, strided<[4, 1], offset: 2>>
    gpu.return
  }
}
