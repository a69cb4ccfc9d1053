module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
    gpu.func @k(%g: memref<1x1xi32>, %c: i32) kernel {
      %r = tile.alloc_local : memref<1x1xi32, #tile.reg>
      tile.apply "ld.global.b32" (%r, %g) scope(thread) : memref<1x1xi32, #tile.reg>, memref<1x1xi32>
      tile.apply "fma.rn.oob.f16x2" (%r, %r, %c, %c) scope(thread) : memref<1x1xi32, #tile.reg>, memref<1x1xi32, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%g, %r) scope(thread) : memref<1x1xi32>, memref<1x1xi32, #tile.reg>
      gpu.return
    }
  }
}
