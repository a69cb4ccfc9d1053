// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats, expand-strided-metadata, cse, convert-tile-to-nvvm))' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats, expand-strided-metadata, cse, convert-tile-to-nvvm))' | FileCheck %s --check-prefix=CAST
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats, expand-strided-metadata, cse, convert-tile-to-nvvm))' | FileCheck %s --check-prefix=GEP

// The per-repeat views tile-expand-repeats makes (static offsets into an
// operand's base buffer) are read through by the apply lowering: each
// access is the operand's aligned pointer plus a constant, and no view is
// built as a memref descriptor (at thousands of repeats those descriptors
// were most of the IR). The addresses keep their immediate offsets.
// The pointers an instruction reads through are built once per block and
// reused by the later ones: one global cast per buffer, one address per
// register (the load's store, the fma and the store's load share it).
// CAST-COUNT-2: llvm.addrspacecast {{.*}} to !llvm.ptr<1>
// CAST-NOT: llvm.addrspacecast {{.*}} to !llvm.ptr<1>
// GEP: llvm.getelementptr %{{.*}}[1] : (!llvm.ptr<5>)
// GEP-NOT: llvm.getelementptr %{{.*}}[1] : (!llvm.ptr<5>)

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: llvm.func @k
  gpu.func @k(%A: memref<3x1xf32>, %Out: memref<3x1xf32>) kernel {
    %c = arith.constant 2.0 : f32
    %r = tile.alloc_local : memref<3x1xf32, #tile.reg>
    // CHECK: llvm.alloca %{{.*}} x !llvm.array<3 x f32>
    // CHECK: llvm.inline_asm {{.*}}"ld.global.f32 $0, [$1];"
    // CHECK-NOT: llvm.insertvalue
    // CHECK-NOT: memref.reinterpret_cast
    // CHECK: llvm.getelementptr %{{.*}}[1] : (!llvm.ptr<5>) -> !llvm.ptr<5>, f32
    // CHECK: llvm.inline_asm {{.*}}"ld.global.f32 $0, [$1+4];"
    // CHECK: llvm.inline_asm {{.*}}"ld.global.f32 $0, [$1+8];"
    tile.apply "ld.global.f32" (%r, %A) scope(thread) : memref<3x1xf32, #tile.reg>, memref<3x1xf32>
    // CHECK: llvm.inline_asm {{.*}}"fma.rn.f32
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<3x1xf32, #tile.reg>, memref<3x1xf32, #tile.reg>, f32, f32
    // CHECK: llvm.inline_asm {{.*}}"st.global.f32 [$0+8], $1;"
    // CHECK-NOT: memref.reinterpret_cast
    tile.apply "st.global.f32" (%Out, %r) scope(thread) : memref<3x1xf32>, memref<3x1xf32, #tile.reg>
    gpu.return
  }
}
