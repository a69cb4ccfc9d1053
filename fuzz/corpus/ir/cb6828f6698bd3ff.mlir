gpu.module @m [#nvvm.target<chip = "sm_90">] {
  func.func private @helper(memref<4x1xf32, #tile.reg>)
  gpu.func @escape() kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    func.call @helper(%r) : (memref<4x1xf32, #tile.reg>) -> ()
    gpu.return
  }
}
