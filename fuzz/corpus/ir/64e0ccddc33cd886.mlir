gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4294967296x4294967296x1xf32>, %r: memref<4294967296x4294967296x1xf32, #tile.reg>) kernel {
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<4294967296x4294967296x1xf32, #tile.reg>, memref<4294967296x4294967296x1xf32>
    gpu.return
  }
}
