gpu.module @m [#nvvm.target<chip = "sm_88", features = "+ptx90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    tile.apply "cvt.rn.satfinite.e4m3x2.f32" (%r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, f32, f32
    gpu.return
  }
}
