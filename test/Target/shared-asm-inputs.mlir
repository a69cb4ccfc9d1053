// Kernel arguments broadcast to 512 fmas, and two base addresses read by
// 512 loads and stores each: every 256 reads of one register value in a
// block take a fresh copy (an inline asm mov.bN with side effects), so
// that LLVM's PeepholeOptimizer, which folds the copies LLVM makes of each
// inline asm input in time quadratic in their number, sees at most 257 per
// value. ptxas propagates the copies away: the SASS is the same as without
// them.
// RUN: tile-translate --mlir-to-ptx --register-budget=100000 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: tile-translate --mlir-to-ptx --register-budget=100000 --asm-input-chunk=0 %s -o %t.none.ptx
// RUN: FileCheck %s --check-prefix=NONE < %t.none.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.none.ptx -o %t.none.cubin %}
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.cubin | grep -E '^ +/\*[0-9a-f]{4}\*/' | sed 's/;.*//' > %t.sass %}
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.none.cubin | grep -E '^ +/\*[0-9a-f]{4}\*/' | sed 's/;.*//' > %t.none.sass %}
// RUN: %if cuobjdump %{ diff %t.sass %t.none.sass %}

// CHECK: ld.param.b64 [[APARAM:%rd[0-9]+]], [shared_param_1];
// CHECK: cvta.to.global.u64 [[A:%rd[0-9]+]], [[APARAM]];
// CHECK-COUNT-256: ld.global.f32 {{%r[0-9]+}}, [[[A]]{{(\+[0-9]+)?}}];
// CHECK: mov.b64 [[A2:%rd[0-9]+]], [[A]];
// CHECK: ld.global.f32 {{%r[0-9]+}}, [[[A2]]+1024];
// CHECK: ld.param.b32 [[TWO:%r[0-9]+]], [shared_param_14];
// CHECK: ld.param.b32 [[ONE:%r[0-9]+]], [shared_param_15];
// CHECK-COUNT-256: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[TWO]], [[ONE]];
// CHECK: mov.b32 [[TWO2:%r[0-9]+]], [[TWO]];
// CHECK: mov.b32 [[ONE2:%r[0-9]+]], [[ONE]];
// CHECK: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[TWO2]], [[ONE2]];
// CHECK-NOT: mov.b32 {{%r[0-9]+}}, [[TWO]];
// CHECK: st.global.f32

// NONE-NOT: mov.b32
// NONE-NOT: mov.b64

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @shared(%A: memref<512x1xf32>, %Out: memref<512x1xf32>,
                     %two: f32, %one: f32) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      %r = tile.alloc_local : memref<512x1xf32, #tile.reg>
      tile.apply "ld.global.f32" (%r, %A) scope(thread)
          : memref<512x1xf32, #tile.reg>, memref<512x1xf32>
      tile.apply "fma.rn.f32" (%r, %r, %two, %one) scope(thread)
          : memref<512x1xf32, #tile.reg>, memref<512x1xf32, #tile.reg>, f32, f32
      tile.apply "st.global.f32" (%Out, %r) scope(thread)
          : memref<512x1xf32>, memref<512x1xf32, #tile.reg>
      gpu.return
    }
  }
}
