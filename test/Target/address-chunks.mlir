// Static address offsets are immediates of one base below 16 KiB; from
// there on each 16 KiB chunk has a base register of its own, and the
// immediate is the rest (LLVM's PeepholeOptimizer is quadratic in the
// inline asms that share one base: docs/benchmarks.md). ptxas folds the
// chunk bases into its addresses: the SASS has no integer add (it reloads
// the parameter for a chunk base instead: one LDC.64 more).
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.cubin | FileCheck %s --check-prefix=SASS %}
// Elements 4094..4097 of A (bytes 16376..16388), elements 8189..8192 of Out
// (bytes 32756..32768).
// CHECK: ld.global.f32 {{%r[0-9]+}}, [[[A:%rd[0-9]+]]+16376];
// CHECK: ld.global.f32 {{%r[0-9]+}}, [[[A]]+16380];
// CHECK: add.s64 [[A1:%rd[0-9]+]], [[A]], 16384;
// CHECK: ld.global.f32 {{%r[0-9]+}}, [[[A1]]];
// CHECK: ld.global.f32 {{%r[0-9]+}}, [[[A1]]+4];
// CHECK: add.s64 [[O1:%rd[0-9]+]], {{%rd[0-9]+}}, 16384;
// CHECK: st.global.f32 [[[O1]]+16372], {{%r[0-9]+}};
// CHECK: st.global.f32 [[[O1]]+16380], {{%r[0-9]+}};
// CHECK: add.s64 [[O2:%rd[0-9]+]], {{%rd[0-9]+}}, 32768;
// CHECK: st.global.f32 [[[O2]]], {{%r[0-9]+}};
// SASS-NOT: IADD
// SASS-COUNT-4: LDG.E
// SASS-NOT: IADD
module {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<16384xf32>, %Out: memref<16384xf32>) kernel {
      %a = memref.subview %A[4094] [4] [1] : memref<16384xf32> to memref<4xf32, strided<[1], offset: 4094>>
      %o = memref.subview %Out[8189] [4] [1] : memref<16384xf32> to memref<4xf32, strided<[1], offset: 8189>>
      %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
      %av = memref.expand_shape %a [[0, 1]] output_shape [4, 1] : memref<4xf32, strided<[1], offset: 4094>> into memref<4x1xf32, strided<[1, 1], offset: 4094>>
      %ov = memref.expand_shape %o [[0, 1]] output_shape [4, 1] : memref<4xf32, strided<[1], offset: 8189>> into memref<4x1xf32, strided<[1, 1], offset: 8189>>
      tile.apply "ld.global.f32" (%r, %av) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, strided<[1, 1], offset: 4094>>
      tile.apply "st.global.f32" (%ov, %r) scope(thread) : memref<4x1xf32, strided<[1, 1], offset: 8189>>, memref<4x1xf32, #tile.reg>
      gpu.return
    }
  }
}
