// Embedding: with the tile dialect's ConvertToLLVMPatternInterface
// registered, MLIR's own convert-gpu-to-nvvm lowers expanded tile ops (and
// knows the #tile.reg memory space), so another compiler can keep its
// upstream pipeline and add tile-expand-repeats in front.
// RUN: tile-opt %tile_src/examples/affine_fma.mlir --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats, expand-strided-metadata, lower-affine, convert-scf-to-cf, convert-gpu-to-nvvm, reconcile-unrealized-casts))' | FileCheck %s
// CHECK-LABEL: gpu.module @kernels
// CHECK: llvm.alloca {{.*}} x !llvm.array<{{[0-9]+}} x f32> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.addrspacecast {{.*}} : !llvm.ptr to !llvm.ptr<5>
// CHECK: "ld.global.f32 $0, [$1];", "=f,l,~{memory}"
// CHECK: "ld.global.f32 $0, [$1+4];", "=f,l,~{memory}"
// CHECK: "ld.global.f32 $0, [$1+8];", "=f,l,~{memory}"
// CHECK: "ld.global.f32 $0, [$1+12];", "=f,l,~{memory}"
// CHECK-COUNT-4: "fma.rn.f32 $0, $1, 0f40000000, 0f3F800000;", "=f,f"
// CHECK: "st.global.f32 [$0], $1;", "l,f,~{memory}"
// CHECK: "st.global.f32 [$0+4], $1;", "l,f,~{memory}"
// CHECK: "st.global.f32 [$0+8], $1;", "l,f,~{memory}"
// CHECK: "st.global.f32 [$0+12], $1;", "l,f,~{memory}"
// CHECK-NOT: tile.
// CHECK: func.func @main
