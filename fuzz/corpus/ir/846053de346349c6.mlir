gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx86">] {
  gpu.func @cvt(%f: f32, %d: f64, %w: i32, %s: i16) kernel {
    %h = tile.alloc_local : memref<4x1xf16, #tile.reg>
    tile.apply "cvt.sat.ftz.rm.f16.f32" (%h, %f) scope(thread) : memref<4x1xf16, #tile.reg>, f32
    tile.apply "cvt.rn.satfinite.relu.f16.f32" (%h, %f) scope(thread) : memref<4x1xf16, #tile.reg>, f32
    %x = tile.alloc_local : memref<4x1xf64, #tile.reg>
    tile.apply "cvt.sat.rni.f64.f64" (%x, %d) scope(thread) : memref<4x1xf64, #tile.reg>, f64
    %p = tile.alloc_local : memref<4x1xi32, #tile.reg>
    tile.apply "cvt.relu.rz.bf16x2.f32" (%p, %f, %f) scope(thread) : memref<4x1xi32, #tile.reg>, f32, f32
    %e = tile.alloc_local : memref<4x1xi16, #tile.reg>
    tile.apply "cvt.rn.relu.satfinite.e4m3x2.f32" (%e, %f, %f) scope(thread) : memref<4x1xi16, #tile.reg>, f32, f32
    tile.apply "cvt.rn.relu.f16x2.e5m2x2" (%p, %s) scope(thread) : memref<4x1xi32, #tile.reg>, i16
    tile.apply "cvt.rna.satfinite.tf32.f32" (%p, %f) scope(thread) : memref<4x1xi32, #tile.reg>, f32
    gpu.return
  }
}

func.func @variant(%h: memref<1xf16, #tile.reg>, %f: f32) {
  "tile.apply"(%h, %f) <{opcode = #tile.ptx<"cvt.rn.f16.f32", variant = "relu_satfinite">, operandSegmentSizes = array<i32: 2, 0>}> : (memref<1xf16, #tile.reg>, f32) -> ()
  return
}
