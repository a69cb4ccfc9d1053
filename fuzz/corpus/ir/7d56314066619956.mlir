gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f64) kernel {
    %r = tile.alloc_local : memref<4x1xf64, #tile.reg>
    tile.apply "fma.rn.ftz.f64" (%r, %r, %c, %c) scope(thread) : memref<4x1xf64, #tile.reg>, memref<4x1xf64, #tile.reg>, f64, f64
    gpu.return
  }
}
