gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%c: bf16) kernel {
    %r = tile.alloc_local : memref<4x1xbf16, #tile.reg>
    tile.apply "add.rn.bf16" (%r, %c, %c) scope(thread) : memref<4x1xbf16, #tile.reg>, bf16, bf16
    gpu.return
  }
}
