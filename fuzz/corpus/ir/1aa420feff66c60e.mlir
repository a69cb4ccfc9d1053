gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<2x8xf32>) kernel {
    %r = tile.alloc_local : memref<2x8xf32, #tile.reg>
    tile.apply "ld.global.v8.f32" (%r, %g) scope(thread) : memref<2x8xf32, #tile.reg>, memref<2x8xf32>
    gpu.return
  }
}
