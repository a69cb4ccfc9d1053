gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, strided<[0, 1]>, #tile.reg>
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, strided<[0, 1]>, #tile.reg>, memref<4x1xf32, strided<[0, 1]>, #tile.reg>, f32, f32
    gpu.return
  }
}
