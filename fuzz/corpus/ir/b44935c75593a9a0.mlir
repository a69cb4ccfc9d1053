gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<4x2xf32>) kernel {
    %r = tile.alloc_local : memref<2x4xf32, #tile.reg>
    %t = memref.transpose %g (i, j) -> (j, i) : memref<4x2xf32> to memref<2x4xf32, strided<[1, 2]>>
    tile.apply "ld.global.v4.f32" (%r, %t) scope(thread) : memref<2x4xf32, #tile.reg>, memref<2x4xf32, strided<[1, 2]>>
    gpu.return
  }
}
