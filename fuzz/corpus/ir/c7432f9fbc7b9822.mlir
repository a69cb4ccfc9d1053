gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "ld.global.wb.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    gpu.return
  }
}
