// A kernel whose gpu.module asks for sm_89 and PTX ISA 8.3.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_89", features = "+ptx83">] {
    gpu.func @k(%A: memref<4x1xf32>) kernel {
      %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
      tile.apply "ld.global.f32" (%r, %A) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
      tile.apply "st.global.f32" (%A, %r) scope(thread) : memref<4x1xf32>, memref<4x1xf32, #tile.reg>
      gpu.return
    }
  }
}
