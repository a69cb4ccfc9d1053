gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %r) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>
    gpu.return
  }
}
