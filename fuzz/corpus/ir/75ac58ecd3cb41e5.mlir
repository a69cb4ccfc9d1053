gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @dynamic_write(%i: index, %x: f32) kernel {
    %c0 = arith.constant 0 : index
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    %v = memref.subview %r[0, 0] [2, 1] [1, 1] : memref<4x1xf32, #tile.reg> to memref<2x1xf32, strided<[1, 1]>, #tile.reg>
    memref.store %x, %v[%i, %c0] : memref<2x1xf32, strided<[1, 1]>, #tile.reg>
    gpu.return
  }
}
