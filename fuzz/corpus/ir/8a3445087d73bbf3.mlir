gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx83">] {
  gpu.func @k(%g: memref<4x2xi128>) kernel {
    %r = tile.alloc_local : memref<4x2xi128, #tile.reg>
    tile.apply "ld.global.v2.b128" (%r, %g) scope(thread) : memref<4x2xi128, #tile.reg>, memref<4x2xi128>
    gpu.return
  }
}
