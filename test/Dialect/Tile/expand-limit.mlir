// RUN: tile-opt %s --tile-expand-repeats -verify-diagnostics

// A kernel may expand to at most 2^20 tile instructions per thread.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{expands to more than 1048576 tile instructions per thread; split the kernel}}
  gpu.func @k(%g: memref<65536x1xf32>) kernel {
    %r = tile.alloc_local : memref<65536x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<65536x1xf32, #tile.reg>, memref<65536x1xf32>
    gpu.return
  }
}
