!r = memref<4x1xf32, #tile.reg>
!h = memref<4x1xi32, #tile.reg>
!d = memref<4x1xf64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx88">] {
  gpu.func @arith(%f: f32, %w: i32, %x: f64, %s: i16) kernel {
    %r = tile.alloc_local : !r
    %h = tile.alloc_local : !h
    %d = tile.alloc_local : !d
    tile.apply "add.sat.ftz.rz.f32" (%r, %r, %f) scope(thread) : !r, !r, f32
    tile.apply "sub.f64" (%d, %d, %x) scope(thread) : !d, !d, f64
    tile.apply "mul.sat.rn.ftz.f16x2" (%h, %h, %w) scope(thread) : !h, !h, i32
    tile.apply "add.rn.bf16x2" (%h, %h, %w) scope(thread) : !h, !h, i32
    %x2 = tile.alloc_local : memref<4x1xi64, #tile.reg>
    tile.apply "mul.ftz.rp.f32x2" (%x2, %x2, %x2) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>
    tile.apply "mad.sat.rm.ftz.f32" (%r, %r, %f, %r) scope(thread) : !r, !r, f32, !r
    tile.apply "min.xorsign.abs.NaN.ftz.f32" (%r, %r, %f) scope(thread) : !r, !r, f32
    tile.apply "min.f32" (%r, %r, %f) scope(thread) : !r, !r, f32
    tile.apply "max.abs.NaN.ftz.f32" (%r, %r, %f, %r) scope(thread) : !r, !r, f32, !r
    tile.apply "max.f32" (%r, %r, %f, %f) scope(thread) : !r, !r, f32, f32
    tile.apply "max.xorsign.abs.NaN.bf16x2" (%h, %h, %w) scope(thread) : !h, !h, i32
    %hs = tile.alloc_local : memref<4x1xi16, #tile.reg>
    tile.apply "neg.ftz.f16" (%hs, %s) scope(thread) : memref<4x1xi16, #tile.reg>, i16
    tile.apply "abs.bf16x2" (%h, %w) scope(thread) : !h, i32
    tile.apply "copysign.f64" (%d, %x, %d) scope(thread) : !d, f64, !d
    gpu.return
  }
}

func.func @generic(%r: memref<1xf32, #tile.reg>, %c: f32) {
  "tile.apply"(%r, %c, %c, %c) <{opcode = #tile.ptx<"fma.sat.rn.f32">, operandSegmentSizes = array<i32: 4, 0>}> : (memref<1xf32, #tile.reg>, f32, f32, f32) -> ()
  return
}
