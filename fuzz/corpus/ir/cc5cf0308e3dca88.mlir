gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    tile.apply "cvt.bf16.f16" (%r, %c) scope(thread) : memref<4x1xbf16, #tile.reg>, f16
    gpu.return
  }
}
