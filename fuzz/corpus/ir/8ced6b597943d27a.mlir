gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %a = tile.alloc_local : memref<200x1xf32, #tile.reg>
    gpu.return
  }
  gpu.func @k2() kernel {
    %a = tile.alloc_local : memref<200x1xf32, #tile.reg>
    gpu.return
  }
}
