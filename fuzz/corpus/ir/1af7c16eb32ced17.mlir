gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @fine(%g: memref<4x1xf32>, %o: memref<f32>) kernel {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    %v = memref.subview %r[1, 0] [2, 1] [1, 1] : memref<4x1xf32, #tile.reg> to memref<2x1xf32, strided<[1, 1], offset: 1>, #tile.reg>
    %x = memref.load %v[%c1, %c0] : memref<2x1xf32, strided<[1, 1], offset: 1>, #tile.reg>
    memref.store %x, %r[%c0, %c0] : memref<4x1xf32, #tile.reg>
    memref.store %x, %o[] : memref<f32>
    gpu.return
  }
}
