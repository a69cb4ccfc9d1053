gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%s: memref<4x1xf32, #gpu.address_space<workgroup>>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %s) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
