gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<0x1xf32>) kernel {
    %r = tile.alloc_local : memref<0x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<0x1xf32, #tile.reg>, memref<0x1xf32>
    gpu.return
  }
}
