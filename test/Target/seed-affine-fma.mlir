// The seed example ("four fused operations") compiled for sm_90 holds exactly
// 4 fma.rn.f32, 4 ld.global.f32 and 4 st.global.f32, and no local memory.
// RUN: tile-translate --mlir-to-ptx %tile_src/examples/affine_fma.mlir -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: grep -c 'fma\.rn\.f32' %t.ptx | FileCheck %s --check-prefix=COUNT
// RUN: grep -c 'ld\.global\.f32' %t.ptx | FileCheck %s --check-prefix=COUNT
// RUN: grep -c 'st\.global\.f32' %t.ptx | FileCheck %s --check-prefix=COUNT
// RUN: not grep -E '(ld|st)\.local' %t.ptx
// COUNT: {{^4$}}

// CHECK: .version 7.8
// CHECK: .target sm_90
// CHECK-LABEL: .visible .entry affine_fma(
// CHECK: ld.global.f32 [[A0:%r[0-9]+]], [[[P0:%rd[0-9]+]]];
// Static offsets are immediates of the address, as nvcc writes them.
// CHECK: ld.global.f32 [[A1:%r[0-9]+]], [[[P0]]+4];
// CHECK: ld.global.f32 [[A2:%r[0-9]+]], [[[P0]]+8];
// CHECK: ld.global.f32 [[A3:%r[0-9]+]], [[[P0]]+12];
// The broadcast constants are immediates (2.0f = 0x40000000,
// 1.0f = 0x3F800000), as nvcc writes them.
// CHECK-NOT: mov.b32
// CHECK: fma.rn.f32 [[D0:%r[0-9]+]], [[A0]], 0f40000000, 0f3F800000;
// CHECK: fma.rn.f32 [[D1:%r[0-9]+]], [[A1]], 0f40000000, 0f3F800000;
// CHECK: fma.rn.f32 [[D2:%r[0-9]+]], [[A2]], 0f40000000, 0f3F800000;
// CHECK: fma.rn.f32 [[D3:%r[0-9]+]], [[A3]], 0f40000000, 0f3F800000;
// CHECK: st.global.f32 [[[Q0:%rd[0-9]+]]], [[D0]];
// CHECK: st.global.f32 [[[Q0]]+4], [[D1]];
// CHECK: st.global.f32 [[[Q0]]+8], [[D2]];
// CHECK: st.global.f32 [[[Q0]]+12], [[D3]];
