gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    tile.apply "fma.rz.bf16" (%r, %r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x1xi16, #tile.reg>, i16, i16
    gpu.return
  }
}
