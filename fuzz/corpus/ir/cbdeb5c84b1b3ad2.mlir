gpu.module @m [#nvvm.target<chip = "sm_100", features = "+ptx86">] {
  gpu.func @forms(%g: memref<4x1xf32>, %v: memref<2x4xf32>, %p: i1,
                  %f: f32, %h: f16, %b: bf16, %w: i32, %x: i64, %d: f64) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "fma.sat.ftz.rn.f32" (%r, %r, %f, %f) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    tile.apply "fma.rm.f32" (%r, %r, %f, %r) pred(%p) preserve_dst scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, memref<4x1xf32, #tile.reg>
    %h2 = tile.alloc_local : memref<4x1xi32, #tile.reg>
    tile.apply "fma.relu.oob.rn.f16x2" (%h2, %h2, %w, %h2) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi32, #tile.reg>
    %hr = tile.alloc_local : memref<4x1xf16, #tile.reg>
    tile.apply "fma.rn.relu.ftz.f16" (%hr, %hr, %h, %h) scope(thread) : memref<4x1xf16, #tile.reg>, memref<4x1xf16, #tile.reg>, f16, f16
    tile.apply "fma.sat.rz.f32.bf16" (%r, %b, %b, %r) scope(thread) : memref<4x1xf32, #tile.reg>, bf16, bf16, memref<4x1xf32, #tile.reg>
    %x2 = tile.alloc_local : memref<4x1xi64, #tile.reg>
    tile.apply "fma.ftz.rp.f32x2" (%x2, %x2, %x, %x) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64, #tile.reg>, i64, i64
    %dr = tile.alloc_local : memref<4x1xf64, #tile.reg>
    tile.apply "fma.rn.f64" (%dr, %dr, %d, %d) scope(thread) : memref<4x1xf64, #tile.reg>, memref<4x1xf64, #tile.reg>, f64, f64
    %r4 = tile.alloc_local : memref<2x4xf32, #tile.reg>
    tile.apply "ld.v4.global.f32" (%r4, %v) scope(thread) : memref<2x4xf32, #tile.reg>, memref<2x4xf32>
    tile.apply "mov.b32" (%r, %f) scope(thread) : memref<4x1xf32, #tile.reg>, f32
    gpu.return
  }

  gpu.func @scopes(%g: memref<32x4x1xf32>, %gw: memref<4x32x1xf32>, %gc: memref<8x32x1xf32>) kernel {
    %w = tile.alloc_local : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
    tile.apply "ld.global.f32" (%w, %g) scope(warp) : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<32x4x1xf32>
    %wg = tile.alloc_local : memref<4x32x1xf32, strided<[0, 0, 1]>, #tile.reg>
    tile.apply "ld.global.f32" (%wg, %gw) scope(warpgroup) : memref<4x32x1xf32, strided<[0, 0, 1]>, #tile.reg>, memref<4x32x1xf32>
    %c = tile.alloc_local : memref<8x32x1xf32, strided<[0, 0, 1]>, #tile.reg>
    tile.apply "ld.global.f32" (%c, %gc) scope(cta) : memref<8x32x1xf32, strided<[0, 0, 1]>, #tile.reg>, memref<8x32x1xf32>
    gpu.return
  }
}

func.func @no_target(%x: i64) {
  %x2 = tile.alloc_local : memref<1x1xi64, #tile.reg>
  tile.apply "fma.rn.f32x2" (%x2, %x2, %x, %x) scope(thread) : memref<1x1xi64, #tile.reg>, memref<1x1xi64, #tile.reg>, i64, i64
  return
}

func.func @attr() attributes {tile.opcode = #tile.ptx<"fma.rn.f32">} {
  return
}
