!v1 = memref<1xf32, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  gpu.func @alloc_and_f32(%c: f32) kernel {
    %r = tile.alloc_local : memref<1xf32, #tile.reg>
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : !v1, !v1, f32, f32
    tile.apply "fma.rz.ftz.sat.f32" (%r, %r, %c, %c) scope(thread) : !v1, !v1, f32, f32
    gpu.return
  }

  gpu.func @containers(%i: i32, %h: f16, %b: bf16, %s: i16, %x: i64, %d: f64, %f: f32) kernel {
    %ri = tile.alloc_local : memref<1xi32, #tile.reg>
    tile.apply "fma.rn.f32" (%ri, %ri, %i, %f) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, i32, f32
    tile.apply "fma.rn.f16x2" (%ri, %ri, %i, %i) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, i32, i32
    tile.apply "fma.rn.relu.bf16x2" (%ri, %ri, %i, %i) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, i32, i32
    %rh = tile.alloc_local : memref<1xf16, #tile.reg>
    tile.apply "fma.rn.ftz.sat.f16" (%rh, %rh, %h, %h) scope(thread) : memref<1xf16, #tile.reg>, memref<1xf16, #tile.reg>, f16, f16
    %rb = tile.alloc_local : memref<1xbf16, #tile.reg>
    tile.apply "fma.rn.bf16" (%rb, %rb, %b, %b) scope(thread) : memref<1xbf16, #tile.reg>, memref<1xbf16, #tile.reg>, bf16, bf16
    %rs = tile.alloc_local : memref<1xi16, #tile.reg>
    tile.apply "fma.rn.oob.relu.bf16" (%rs, %rs, %s, %s) scope(thread) : memref<1xi16, #tile.reg>, memref<1xi16, #tile.reg>, i16, i16
    %rx = tile.alloc_local : memref<1xi64, #tile.reg>
    tile.apply "mov.b64" (%rx, %x) scope(thread) : memref<1xi64, #tile.reg>, i64
    %rd = tile.alloc_local : memref<1xf64, #tile.reg>
    tile.apply "fma.rm.f64" (%rd, %rd, %d, %d) scope(thread) : memref<1xf64, #tile.reg>, memref<1xf64, #tile.reg>, f64, f64
    gpu.return
  }

  gpu.func @predicated(%c: f32, %p: i1) kernel {
    %r = tile.alloc_local : memref<1xf32, #tile.reg>
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) pred(%p) scope(thread) : !v1, !v1, f32, f32
    tile.apply "fma.rn.f32" (%r, %c, %c, %c) pred(%p) preserve_dst scope(thread) : !v1, f32, f32, f32
    gpu.return
  }

  gpu.func @memory(%g: memref<4xf32>, %o: memref<4xf32, #gpu.address_space<global>>) kernel {
    %r = tile.alloc_local : memref<4xf32, #tile.reg>
    tile.apply "ld.global.v4.f32" (%r, %g) scope(thread) : memref<4xf32, #tile.reg>, memref<4xf32>
    tile.apply "st.global.v4.f32" (%o, %r) scope(thread) : memref<4xf32, #gpu.address_space<global>>, memref<4xf32, #tile.reg>
    gpu.return
  }
}
