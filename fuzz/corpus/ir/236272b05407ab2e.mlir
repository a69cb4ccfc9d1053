!f = memref<1xf32, #tile.reg>
!i = memref<1xi32, #tile.reg>
!s = memref<1xi16, #tile.reg>
!d = memref<1xf64, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx88">] {
  gpu.func @arith(%c: f32, %w: i32, %h: i16, %x: f64, %p: i1) kernel {
    %f = tile.alloc_local : !f
    %i = tile.alloc_local : !i
    %s = tile.alloc_local : !s
    %d = tile.alloc_local : !d
    tile.apply "add.ftz.rn.f32" (%f, %f, %c) scope(thread) : !f, !f, f32
    tile.apply "sub.f64" (%d, %d, %x) scope(thread) : !d, !d, f64
    tile.apply "mul.rn.sat.f16x2" (%i, %i, %w) scope(thread) : !i, !i, i32
    tile.apply "mad.rz.f32" (%f, %f, %c, %f) scope(thread) : !f, !f, f32, !f
    tile.apply "min.NaN.xorsign.abs.bf16" (%s, %s, %h) scope(thread) : !s, !s, i16
    tile.apply "max.abs.f32" (%f, %f, %c, %f) scope(thread) : !f, !f, f32, !f
    tile.apply "neg.ftz.f32" (%f, %c) scope(thread) : !f, f32
    tile.apply "abs.f16x2" (%i, %w) scope(thread) : !i, i32
    tile.apply "copysign.f32" (%f, %c, %f) scope(thread) : !f, f32, !f
    tile.apply "add.rn.f64" (%d, %d, %x) pred(%p) preserve_dst scope(thread) : !d, !d, f64
    gpu.return
  }
}
