#reg = #tile.reg
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%c: f32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "foo.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #reg>, memref<4x1xf32, #reg>, f32, f32
    gpu.return
  }
}
