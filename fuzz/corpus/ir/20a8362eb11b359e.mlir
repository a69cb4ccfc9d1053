gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @cvt(%f: f32, %d: f64, %s: i16) kernel {
    %h = tile.alloc_local : memref<1xf16, #tile.reg>
    tile.apply "cvt.rn.f16.f32" (%h, %f) scope(thread) : memref<1xf16, #tile.reg>, f32
    %x = tile.alloc_local : memref<1xf32, #tile.reg>
    tile.apply "cvt.rz.ftz.f32.f64" (%x, %d) scope(thread) : memref<1xf32, #tile.reg>, f64
    %p = tile.alloc_local : memref<1xi32, #tile.reg>
    tile.apply "cvt.rn.satfinite.f16x2.f32" (%p, %f, %f) scope(thread) : memref<1xi32, #tile.reg>, f32, f32
    %e = tile.alloc_local : memref<1xi16, #tile.reg>
    tile.apply "cvt.rn.satfinite.e5m2x2.f32" (%e, %f, %f) scope(thread) : memref<1xi16, #tile.reg>, f32, f32
    tile.apply "cvt.rn.f16x2.e4m3x2" (%p, %s) scope(thread) : memref<1xi32, #tile.reg>, i16
    gpu.return
  }
}
