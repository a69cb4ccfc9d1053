gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%g: memref<4x1xi128>) kernel {
    %r = tile.alloc_local : memref<4x1xi128, #tile.reg>
    tile.apply "ld.global.b128" (%r, %g) scope(thread) : memref<4x1xi128, #tile.reg>, memref<4x1xi128>
    gpu.return
  }
}
