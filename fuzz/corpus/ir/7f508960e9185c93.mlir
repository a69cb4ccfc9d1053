gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @row_major(%c: f32, %d: f32) kernel {
    %r = tile.alloc_local : memref<2x3x1xf32, #tile.reg>
    tile.apply "fma.rn.f32" (%r, %r, %c, %d) scope(thread) : memref<2x3x1xf32, #tile.reg>, memref<2x3x1xf32, #tile.reg>, f32, f32
    gpu.return
  }

  gpu.func @permuted(%c: f32) kernel {
    %r = tile.alloc_local : memref<2x3x1xf32, #tile.reg>
    %t = memref.transpose %r (i, j, k) -> (j, i, k) : memref<2x3x1xf32, #tile.reg> to memref<3x2x1xf32, strided<[1, 3, 1]>, #tile.reg>
    tile.apply "fma.rn.f32" (%t, %t, %c, %c) scope(thread) : memref<3x2x1xf32, strided<[1, 3, 1]>, #tile.reg>, memref<3x2x1xf32, strided<[1, 3, 1]>, #tile.reg>, f32, f32
    gpu.return
  }

  gpu.func @warp_subrange(%g: memref<16x2x1xf32>, %p: i1) kernel {
    %r = tile.alloc_local : memref<16x2x1xf32, strided<[0, 1, 1]>, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) pred(%p) preserve_dst scope(warp) : memref<16x2x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<16x2x1xf32>
    gpu.return
  }

  gpu.func @warp_full(%g: memref<32x1x1xf32>) kernel {
    %r = tile.alloc_local : memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(warp) : memref<32x1x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<32x1x1xf32>
    gpu.return
  }

  gpu.func @warpgroup(%g: memref<4x32x1x4xf32>) kernel {
    %r = tile.alloc_local : memref<4x32x1x4xf32, strided<[0, 0, 4, 1]>, #tile.reg>
    tile.apply "ld.global.v4.f32" (%r, %g) scope(warpgroup) : memref<4x32x1x4xf32, strided<[0, 0, 4, 1]>, #tile.reg>, memref<4x32x1x4xf32>
    gpu.return
  }

  gpu.func @cta(%g: memref<2x32x1x1xf32>) kernel {
    %r = tile.alloc_local : memref<2x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(cta) : memref<2x32x1x1xf32, strided<[0, 0, 1, 1]>, #tile.reg>, memref<2x32x1x1xf32>
    gpu.return
  }
}
