// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s

// Data movement lowers to one inline-asm instruction: brace lists for
// vectors and packed operands, the address in its state space.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: llvm.func @movement
  gpu.func @movement(%g: memref<2xf32>, %w: i32) workgroup(%s: memref<2xf32, #gpu.address_space<workgroup>>) kernel {
    %r = tile.alloc_local : memref<2xf32, #tile.reg>
    // CHECK: "ld.global.cs.v2.f32 {$0, $1}, [$2];", "=f,=f,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> !llvm.struct<(f32, f32)>
    tile.apply "ld.global.cs.v2.f32" (%r, %g) scope(thread) : memref<2xf32, #tile.reg>, memref<2xf32>
    // CHECK: "st.shared.v2.f32 [$0], {$1, $2};", "l,f,f,~{memory}" %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<3>, f32, f32) -> ()
    tile.apply "st.shared.v2.f32" (%s, %r) scope(thread) : memref<2xf32, #gpu.address_space<workgroup>>, memref<2xf32, #tile.reg>
    %u = tile.alloc_local : memref<2xi16, #tile.reg>
    %p = tile.alloc_local : memref<1xi32, #tile.reg>
    // CHECK: "mov.b32 {$0, $1}, $2;", "=h,=h,r" %{{.*}} : (i32) -> !llvm.struct<(i16, i16)>
    tile.apply "mov.b32" (%u, %w) scope(thread) : memref<2xi16, #tile.reg>, i32
    // CHECK: "mov.b32 $0, {$1, $2};", "=r,h,h" %{{.*}}, %{{.*}} : (i16, i16) -> i32
    tile.apply "mov.b32" (%p, %u) scope(thread) : memref<1xi32, #tile.reg>, memref<2xi16, #tile.reg>
    // ld.global.nc: the read-only cache's load, cache operator first.
    // CHECK: "ld.global.cg.nc.v2.f32 {$0, $1}, [$2];", "=f,=f,l,~{memory}"
    tile.apply "ld.global.nc.cg.v2.f32" (%r, %g) scope(thread) : memref<2xf32, #tile.reg>, memref<2xf32>
    // mov of an integer type: the same bits.
    // CHECK: "mov.s32 $0, $1;", "=r,r" %{{.*}} : (i32) -> i32
    tile.apply "mov.s32" (%p, %w) scope(thread) : memref<1xi32, #tile.reg>, i32
    gpu.return
  }
}

// 128-bit registers take the 'q' constraint.
gpu.module @m128 [#nvvm.target<chip = "sm_90", features = "+ptx83">] {
  // CHECK-LABEL: llvm.func @b128
  gpu.func @b128(%g: memref<1xi128>) kernel {
    %q = tile.alloc_local : memref<1xi128, #tile.reg>
    %u = tile.alloc_local : memref<2xi64, #tile.reg>
    // CHECK: "ld.global.b128 $0, [$1];", "=q,l,~{memory}"
    tile.apply "ld.global.b128" (%q, %g) scope(thread) : memref<1xi128, #tile.reg>, memref<1xi128>
    // CHECK: "mov.b128 {$0, $1}, $2;", "=l,=l,q"
    tile.apply "mov.b128" (%u, %q) scope(thread) : memref<2xi64, #tile.reg>, memref<1xi128, #tile.reg>
    gpu.return
  }
}
