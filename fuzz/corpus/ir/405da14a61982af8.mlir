gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f64) kernel {
    %r = tile.alloc_local : memref<4x1xf64, #tile.reg>
    tile.apply "min.abs.f64" (%r, %c, %c) scope(thread) : memref<4x1xf64, #tile.reg>, f64, f64
    gpu.return
  }
}
