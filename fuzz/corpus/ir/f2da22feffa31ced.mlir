module {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%g: memref<2x1xi32>) kernel {
      %ones = arith.constant 0x3C003C00 : i32
      %r = tile.alloc_local : memref<2x1xi32, #tile.reg>
      tile.apply "ld.global.b32" (%r, %g) scope(thread) : memref<2x1xi32, #tile.reg>, memref<2x1xi32>
      tile.apply "fma.rn.f16x2" (%r, %r, %ones, %ones) scope(thread) : memref<2x1xi32, #tile.reg>, memref<2x1xi32, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%g, %r) scope(thread) : memref<2x1xi32>, memref<2x1xi32, #tile.reg>
      gpu.return
    }
  }
}
