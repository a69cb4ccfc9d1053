gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @dynamic_read(%i: index, %o: memref<f32>) kernel {
    %c0 = arith.constant 0 : index
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    %x = memref.load %r[%i, %c0] : memref<4x1xf32, #tile.reg>
    memref.store %x, %o[] : memref<f32>
    gpu.return
  }
}
