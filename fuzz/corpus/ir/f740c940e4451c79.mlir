gpu.module @m [#nvvm.target<chip = "sm_95">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    gpu.return
  }
}
