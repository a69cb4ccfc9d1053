gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @movement(%g: memref<2xf32>, %w: i32) workgroup(%s: memref<2xf32, #gpu.address_space<workgroup>>) kernel {
    %r = tile.alloc_local : memref<2xf32, #tile.reg>
    tile.apply "ld.global.cs.v2.f32" (%r, %g) scope(thread) : memref<2xf32, #tile.reg>, memref<2xf32>
    tile.apply "st.shared.v2.f32" (%s, %r) scope(thread) : memref<2xf32, #gpu.address_space<workgroup>>, memref<2xf32, #tile.reg>
    %u = tile.alloc_local : memref<2xi16, #tile.reg>
    %p = tile.alloc_local : memref<1xi32, #tile.reg>
    tile.apply "mov.b32" (%u, %w) scope(thread) : memref<2xi16, #tile.reg>, i32
    tile.apply "mov.b32" (%p, %u) scope(thread) : memref<1xi32, #tile.reg>, memref<2xi16, #tile.reg>
    gpu.return
  }
}

gpu.module @m128 [#nvvm.target<chip = "sm_90", features = "+ptx83">] {
  gpu.func @b128(%g: memref<1xi128>) kernel {
    %q = tile.alloc_local : memref<1xi128, #tile.reg>
    %u = tile.alloc_local : memref<2xi64, #tile.reg>
    tile.apply "ld.global.b128" (%q, %g) scope(thread) : memref<1xi128, #tile.reg>, memref<1xi128>
    tile.apply "mov.b128" (%u, %q) scope(thread) : memref<2xi64, #tile.reg>, memref<1xi128, #tile.reg>
    gpu.return
  }
}
