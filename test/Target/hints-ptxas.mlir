// The cache hints and grid dependency controls as PTX: prefetch,
// griddepcontrol, createpolicy (fractional with and without a fraction,
// with a secondary priority in either order, range, cvt), and ld/st with
// eviction priorities, .L2::cache_hint and a prefetch size; ptxas takes
// every one.
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// CHECK-LABEL: .entry hints(
// CHECK: griddepcontrol.wait;
// CHECK: prefetch.global.L2 [{{%rd[0-9]+}}];
// CHECK: prefetch.global.L1 [{{%rd[0-9]+}}+16];
// CHECK: prefetch.global.L2::evict_last [{{%rd[0-9]+}}+24];
// CHECK: prefetch.tensormap [{{%rd[0-9]+}}];
// CHECK: createpolicy.fractional.L2::evict_last.b64 [[P:%rd[0-9]+]], {{%r[0-9]+}};
// CHECK: createpolicy.fractional.L2::evict_unchanged.L2::evict_first.b64 {{%rd[0-9]+}}, 0f3F000000;
// CHECK: createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 {{%rd[0-9]+}};
// CHECK: createpolicy.range.global.L2::evict_normal.L2::evict_first.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], 0x00000100, {{%r[0-9]+}};
// CHECK: createpolicy.cvt.L2.b64 {{%rd[0-9]+}}, [[P]];
// CHECK: ld.global.L1::evict_last.L2::cache_hint.L2::64B.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], [[P]];
// CHECK: ld.global.nc.L1::no_allocate.v2.u32 {{{%r[0-9]+}}, {{%r[0-9]+}}}, [{{%rd[0-9]+}}+8];
// CHECK: ld.global.cg.nc.L2::cache_hint.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+16], [[P]];
// CHECK: st.global.L1::evict_first.L2::cache_hint.u32 [{{%rd[0-9]+}}+24], {{%r[0-9]+}}, [[P]];
// CHECK: st.global.wt.u32 [{{%rd[0-9]+}}], {{%r[0-9]+}};
// CHECK: griddepcontrol.launch_dependents;

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @hints(%g: memref<8xi32>, %t: memref<128xi8>, %f: f32,
                    %size: i32) kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c6 = arith.constant 6 : index
      %c256 = arith.constant 256 : i32
      %half = arith.constant 0.5 : f32
      %g0 = memref.subview %g[0] [1] [1] : memref<8xi32> to memref<1xi32, strided<[1]>>
      %g2 = memref.subview %g[2] [2] [1] : memref<8xi32> to memref<2xi32, strided<[1], offset: 2>>
      %g4 = memref.subview %g[4] [1] [1] : memref<8xi32> to memref<1xi32, strided<[1], offset: 4>>
      %g6 = memref.subview %g[6] [1] [1] : memref<8xi32> to memref<1xi32, strided<[1], offset: 6>>
      %p = tile.alloc_local : memref<1xi64, #tile.reg>
      %p2 = tile.alloc_local : memref<1xi64, #tile.reg>
      %p3 = tile.alloc_local : memref<1xi64, #tile.reg>
      %p4 = tile.alloc_local : memref<1xi64, #tile.reg>
      %p5 = tile.alloc_local : memref<1xi64, #tile.reg>
      %d = tile.alloc_local : memref<1xi32, #tile.reg>
      %v = tile.alloc_local : memref<2xi32, #tile.reg>
      tile.apply "griddepcontrol.wait" () scope(thread)
      tile.apply "prefetch.global.L2" (%g0) scope(thread) : memref<1xi32, strided<[1]>>
      tile.apply "prefetch.global.L1" (%g4) scope(thread) : memref<1xi32, strided<[1], offset: 4>>
      tile.apply "prefetch.global.L2::evict_last" (%g6) scope(thread) : memref<1xi32, strided<[1], offset: 6>>
      %t0 = memref.subview %t[0] [1] [1] : memref<128xi8> to memref<1xi8, strided<[1]>>
      tile.apply "prefetch.tensormap" (%t0) scope(thread) : memref<1xi8, strided<[1]>>
      tile.apply "createpolicy.fractional.L2::evict_last.b64" (%p, %f) scope(thread) : memref<1xi64, #tile.reg>, f32
      tile.apply "createpolicy.fractional.L2::evict_unchanged.L2::evict_first.b64" (%p2, %half) scope(thread) : memref<1xi64, #tile.reg>, f32
      tile.apply "createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64" (%p3) scope(thread) : memref<1xi64, #tile.reg>
      tile.apply "createpolicy.range.global.L2::evict_normal.L2::evict_first.b64" (%p4, %g0, %c256, %size) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi32, strided<[1]>>, i32, i32
      tile.apply "createpolicy.cvt.L2.b64" (%p5, %p) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #tile.reg>
      tile.apply "ld.global.L1::evict_last.L2::cache_hint.L2::64B.u32" (%d, %g0, %p) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, strided<[1]>>, memref<1xi64, #tile.reg>
      tile.apply "ld.global.nc.L1::no_allocate.v2.u32" (%v, %g2) scope(thread) : memref<2xi32, #tile.reg>, memref<2xi32, strided<[1], offset: 2>>
      tile.apply "ld.global.cg.nc.L2::cache_hint.u32" (%d, %g4, %p) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, strided<[1], offset: 4>>, memref<1xi64, #tile.reg>
      tile.apply "st.global.L1::evict_first.L2::cache_hint.u32" (%g6, %d, %p) scope(thread) : memref<1xi32, strided<[1], offset: 6>>, memref<1xi32, #tile.reg>, memref<1xi64, #tile.reg>
      %e2 = memref.load %p2[%c0] : memref<1xi64, #tile.reg>
      %e3 = memref.load %p3[%c0] : memref<1xi64, #tile.reg>
      %e4 = memref.load %p4[%c0] : memref<1xi64, #tile.reg>
      %e5 = memref.load %p5[%c0] : memref<1xi64, #tile.reg>
      %e23 = arith.xori %e2, %e3 : i64
      %e45 = arith.xori %e4, %e5 : i64
      %e = arith.xori %e23, %e45 : i64
      %e32 = arith.trunci %e : i64 to i32
      memref.store %e32, %d[%c0] : memref<1xi32, #tile.reg>
      %v0 = memref.load %v[%c0] : memref<2xi32, #tile.reg>
      %s = arith.addi %e32, %v0 : i32
      memref.store %s, %d[%c0] : memref<1xi32, #tile.reg>
      tile.apply "st.global.wt.u32" (%g0, %d) scope(thread) : memref<1xi32, strided<[1]>>, memref<1xi32, #tile.reg>
      tile.apply "griddepcontrol.launch_dependents" () scope(thread)
      gpu.return
    }
  }
}
