gpu.module @m [#nvvm.target<chip = "sm_52">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xf16, #tile.reg>
    tile.apply "fma.rn.f16" (%r, %r, %c, %c) scope(thread) : memref<4x1xf16, #tile.reg>, memref<4x1xf16, #tile.reg>, f16, f16
    gpu.return
  }
}
