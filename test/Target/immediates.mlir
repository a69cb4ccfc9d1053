// A constant broadcast scalar is written as a PTX immediate where the
// instruction table gives its type an immediate syntax (f32 0f, f64 0d, bit
// types 0x; the bits in hex), and stays a register where it does not (f16)
// or where the scalar is not a constant. ptxas assembles the result.
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
//
// -0.0f is 0x80000000; -2.5 is 0xC004000000000000; -1 : i32 is 0xFFFFFFFF;
// 0x3C00 : i16 is 1.0 in f16.
// CHECK-LABEL: .entry consts(
// CHECK: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f80000000, {{%r[0-9]+}};
// CHECK: fma.rn.f64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0dC004000000000000, 0d0000000000000000;
// CHECK: mov.b32 {{%r[0-9]+}}, 0xFFFFFFFF;
// CHECK: mov.b16 {{%rs[0-9]+}}, 0x3C00;
// f16 takes registers only: the constant is materialized with a mov.
// CHECK: mov.b16 [[H:%rs[0-9]+]], 15360;
// CHECK: fma.rn.f16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, [[H]], [[H]];
// A runtime scalar is a register.
// CHECK-LABEL: .entry runtime(
// CHECK: ld.param.b32 [[S:%r[0-9]+]]
// CHECK: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[S]], [[S]];
module {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @consts(%f: memref<1xf32>, %d: memref<1xf64>, %i: memref<1xi32>,
                     %s: memref<1xi16>, %h: memref<1xf16>) kernel {
      %mz = arith.constant -0.0 : f32
      %m25 = arith.constant -2.5 : f64
      %z = arith.constant 0.0 : f64
      %m1 = arith.constant -1 : i32
      %one16 = arith.constant 0x3C00 : i16
      %oneh = arith.constant 1.0 : f16
      %rf = tile.alloc_local : memref<1xf32, #tile.reg>
      tile.apply "ld.global.f32" (%rf, %f) scope(thread) : memref<1xf32, #tile.reg>, memref<1xf32>
      tile.apply "fma.rn.f32" (%rf, %rf, %mz, %rf) scope(thread) : memref<1xf32, #tile.reg>, memref<1xf32, #tile.reg>, f32, memref<1xf32, #tile.reg>
      tile.apply "st.global.f32" (%f, %rf) scope(thread) : memref<1xf32>, memref<1xf32, #tile.reg>
      %rd = tile.alloc_local : memref<1xf64, #tile.reg>
      tile.apply "ld.global.f64" (%rd, %d) scope(thread) : memref<1xf64, #tile.reg>, memref<1xf64>
      tile.apply "fma.rn.f64" (%rd, %rd, %m25, %z) scope(thread) : memref<1xf64, #tile.reg>, memref<1xf64, #tile.reg>, f64, f64
      tile.apply "st.global.f64" (%d, %rd) scope(thread) : memref<1xf64>, memref<1xf64, #tile.reg>
      %ri = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "mov.b32" (%ri, %m1) scope(thread) : memref<1xi32, #tile.reg>, i32
      tile.apply "st.global.b32" (%i, %ri) scope(thread) : memref<1xi32>, memref<1xi32, #tile.reg>
      %rs = tile.alloc_local : memref<1xi16, #tile.reg>
      tile.apply "mov.b16" (%rs, %one16) scope(thread) : memref<1xi16, #tile.reg>, i16
      tile.apply "st.global.b16" (%s, %rs) scope(thread) : memref<1xi16>, memref<1xi16, #tile.reg>
      %rh = tile.alloc_local : memref<1xf16, #tile.reg>
      tile.apply "ld.global.b16" (%rh, %h) scope(thread) : memref<1xf16, #tile.reg>, memref<1xf16>
      tile.apply "fma.rn.f16" (%rh, %rh, %oneh, %oneh) scope(thread) : memref<1xf16, #tile.reg>, memref<1xf16, #tile.reg>, f16, f16
      tile.apply "st.global.b16" (%h, %rh) scope(thread) : memref<1xf16>, memref<1xf16, #tile.reg>
      gpu.return
    }
    gpu.func @runtime(%f: memref<1xf32>, %s: f32) kernel {
      %rf = tile.alloc_local : memref<1xf32, #tile.reg>
      tile.apply "ld.global.f32" (%rf, %f) scope(thread) : memref<1xf32, #tile.reg>, memref<1xf32>
      tile.apply "fma.rn.f32" (%rf, %rf, %s, %s) scope(thread) : memref<1xf32, #tile.reg>, memref<1xf32, #tile.reg>, f32, f32
      tile.apply "st.global.f32" (%f, %rf) scope(thread) : memref<1xf32>, memref<1xf32, #tile.reg>
      gpu.return
    }
  }
}
