gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%w: i32) kernel {
    %r = tile.alloc_local : memref<4x3xi32, #tile.reg>
    tile.apply "mov.b32" (%r, %w) scope(thread) : memref<4x3xi32, #tile.reg>, i32
    gpu.return
  }
}
