gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32, %i: index) kernel {
    %r = tile.alloc_local : memref<8x1xf32, #tile.reg>
    %v = memref.subview %r[%i, 0] [4, 1] [1, 1] : memref<8x1xf32, #tile.reg> to memref<4x1xf32, strided<[1, 1], offset: ?>, #tile.reg>
    tile.apply "fma.rn.f32" (%v, %v, %c, %c) scope(thread) : memref<4x1xf32, strided<[1, 1], offset: ?>, #tile.reg>, memref<4x1xf32, strided<[1, 1], offset: ?>, #tile.reg>, f32, f32
    gpu.return
  }
}
