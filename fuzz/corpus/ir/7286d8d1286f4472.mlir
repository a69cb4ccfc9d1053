gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %r = tile.alloc_local : memref<2147483648x4294967296x1xf32, #tile.reg>
    gpu.return
  }
}
