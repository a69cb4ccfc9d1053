!sh = memref<4x2xf32, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx88">] {
  gpu.func @movement(%g: memref<4x2xf32>, %g8: memref<2x8xf32>, %w: i32, %h: i16)
      workgroup(%s: !sh) kernel {
    %r = tile.alloc_local : memref<4x2xf32, #tile.reg>
    tile.apply "ld.v2.cg.global.f32" (%r, %g) scope(thread) : memref<4x2xf32, #tile.reg>, memref<4x2xf32>
    tile.apply "st.wt.shared.v2.f32" (%s, %r) scope(thread) : !sh, memref<4x2xf32, #tile.reg>
    tile.apply "ld.shared.v2.f32" (%r, %s) scope(thread) : memref<4x2xf32, #tile.reg>, !sh
    %r8 = tile.alloc_local : memref<2x8xf32, #tile.reg>
    tile.apply "ld.lu.global.v8.f32" (%r8, %g8) scope(thread) : memref<2x8xf32, #tile.reg>, memref<2x8xf32>
    %p = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %u = tile.alloc_local : memref<4x2xi16, #tile.reg>
    tile.apply "mov.b32" (%p, %u) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x2xi16, #tile.reg>
    tile.apply "mov.b32" (%u, %p) scope(thread) : memref<4x2xi16, #tile.reg>, memref<4x1xi32, #tile.reg>
    tile.apply "mov.b32" (%p, %w) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    %q = tile.alloc_local : memref<4x1xi64, #tile.reg>
    %u4 = tile.alloc_local : memref<4x4xi16, #tile.reg>
    tile.apply "mov.b64" (%q, %u4) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x4xi16, #tile.reg>
    %u2 = tile.alloc_local : memref<4x2xi32, #tile.reg>
    tile.apply "mov.b64" (%u2, %q) scope(thread) : memref<4x2xi32, #tile.reg>, memref<4x1xi64, #tile.reg>
    gpu.return
  }
}
