// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s

// atom and red lower to one inline-asm instruction each, with its side
// effects (memory clobbered): atom's d an output, the element's address in
// brackets, a constant source an immediate.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: llvm.func @atomics
  gpu.func @atomics(%g: memref<1xi32>, %f: memref<1xf32>, %b: i32) workgroup(%s: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    %d64 = tile.alloc_local : memref<1xi64, #tile.reg>
    %one = arith.constant 1.0 : f32
    %c5 = arith.constant 5 : i64
    %c7 = arith.constant 7 : i64
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "atom.global.add.u32 $0, [$1], $2;", "=r,l,r,~{memory}" %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i32) -> i32
    tile.apply "atom.global.add.u32" (%d, %g, %b) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>, i32
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.cta.shared.cas.b64 $0, [$1], 0x0000000000000005, 0x0000000000000007;", "=l,l,~{memory}" %{{.*}} : (!llvm.ptr<3>) -> i64
    tile.apply "atom.acq_rel.cta.shared.cas.b64" (%d64, %s, %c5, %c7) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #gpu.address_space<workgroup>>, i64, i64
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "red.global.add.f32 [$0], 0f3F800000;", "l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> ()
    tile.apply "red.global.add.f32" (%f, %one) scope(thread) : memref<1xf32>, f32
    gpu.return
  }
}
