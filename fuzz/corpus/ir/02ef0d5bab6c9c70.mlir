gpu.module @m [#nvvm.target<chip = "sm_100">] {
  gpu.func @k(%s: memref<2x4xf64, #gpu.address_space<workgroup>>) kernel {
    %r = tile.alloc_local : memref<2x4xf64, #tile.reg>
    tile.apply "ld.shared.v4.f64" (%r, %s) scope(thread) : memref<2x4xf64, #tile.reg>, memref<2x4xf64, #gpu.address_space<workgroup>>
    gpu.return
  }
}
