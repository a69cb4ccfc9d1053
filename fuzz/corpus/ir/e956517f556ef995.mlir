gpu.module @m [#nvvm.target<chip = "sm_100">, #nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i64) kernel {
    %r = tile.alloc_local : memref<4x1xi64, #tile.reg>
    tile.apply "fma.rn.f32x2" (%r, %r, %c, %c) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>, i64, i64
    gpu.return
  }
}
