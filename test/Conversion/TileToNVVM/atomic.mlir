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

// A float result in an integer container (atom.add.f64 into i64) is moved
// to a fresh register (mov.b64, an asm of its own) before it is stored:
// ptxas reads a register that an .f64 instruction wrote as a float, and a
// 32-bit store of its low half became a conversion (F2I) on the H200. A
// float container, or an integer result, is stored as it is.
gpu.module @copies [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: llvm.func @float_results
  gpu.func @float_results(%g: memref<1xi64>, %h: memref<1xf64>, %w: memref<1xi32>, %b: i64, %x: f64, %y: i32) kernel {
    %d = tile.alloc_local : memref<1xi64, #tile.reg>
    %df = tile.alloc_local : memref<1xf64, #tile.reg>
    %d32 = tile.alloc_local : memref<1xi32, #tile.reg>
    // CHECK: %[[R:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.global.add.f64 $0, [$1], $2;", "=l,l,l,~{memory}"
    // CHECK-NEXT: %[[C:.*]] = llvm.inline_asm asm_dialect = att "mov.b64 $0, $1;", "=l,l" %[[R]] : (i64) -> i64
    // CHECK-NEXT: llvm.store %[[C]]
    tile.apply "atom.global.add.f64" (%d, %g, %b) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64>, i64
    // CHECK: %[[F:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.global.add.f64 $0, [$1], $2;", "=d,l,d,~{memory}"
    // CHECK-NEXT: llvm.store %[[F]]
    tile.apply "atom.global.add.f64" (%df, %h, %x) scope(thread) : memref<1xf64, #tile.reg>, memref<1xf64>, f64
    // CHECK: %[[I:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.global.add.u32 $0, [$1], $2;", "=r,l,r,~{memory}"
    // CHECK-NEXT: llvm.store %[[I]]
    tile.apply "atom.global.add.u32" (%d32, %w, %y) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>, i32
    gpu.return
  }
}
