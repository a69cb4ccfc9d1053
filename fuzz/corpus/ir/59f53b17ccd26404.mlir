gpu.module @m [#nvvm.target<chip = "sm_90">] {
  func.func @takes(%r: memref<4x1xf32, #tile.reg>) -> memref<4x1xf32, #tile.reg> {
    return %r : memref<4x1xf32, #tile.reg>
  }
}
