gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f16) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    tile.apply "fma.rn.f16x2" (%r, %r, %c, %r) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, f16, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}
