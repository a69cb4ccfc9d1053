gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : memref<200x1xf16, #tile.reg>
    %b = tile.alloc_local : memref<40x1xi32, #tile.reg>
    gpu.return
  }
}
