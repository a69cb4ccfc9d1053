gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<3x1xf32>, %r: memref<3x1xf32, strided<[4611686018427387904, 1]>, #tile.reg>) kernel {
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<3x1xf32, strided<[4611686018427387904, 1]>, #tile.reg>, memref<3x1xf32>
    gpu.return
  }
}
