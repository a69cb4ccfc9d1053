gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    tile.apply "fma.rz.sat.bf16" (%r, %r, %c, %c) scope(thread) : memref<4x1xbf16, #tile.reg>, memref<4x1xbf16, #tile.reg>, bf16, bf16
    gpu.return
  }
}
