gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%c: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi16, #tile.reg>
    tile.apply "fma.rn.relu.oob.bf16" (%r, %r, %c, %c) scope(thread) : memref<4x1xi16, #tile.reg>, memref<4x1xi16, #tile.reg>, i16, i16
    gpu.return
  }
}
