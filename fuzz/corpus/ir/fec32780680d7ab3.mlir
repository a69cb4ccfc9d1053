gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: i32) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    tile.apply "fma.sat.oob.rn.f16x2" (%r, %r, %c, %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}
