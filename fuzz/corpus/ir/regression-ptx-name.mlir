gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @gpu.modulek() kernel {
    %a = tile.alloc_local : memref<56x1xf32, #tile.reg>
    %b = tile.alloc_local : memref<100x1xf64, #tile.reg>
    gpu.return
  }
}
