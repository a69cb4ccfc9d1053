// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-check-targets, gpu.module(convert-tile-to-nvvm))' | FileCheck %s

// ld and st with a memory ordering: .volatile, or `sem.scope` (ld .relaxed
// and .acquire, st .relaxed and .release) at every scope, scalar and
// vector; qualifiers print in the ISA's order (ordering, state space,
// vector). test/Dialect/Tile/invalid-ordered-movement.mlir has the
// rejected spellings.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: llvm.func @ordered
  gpu.func @ordered(%g: memref<1xi32>, %g4: memref<4xi32>, %s: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    %v = tile.alloc_local : memref<4xi32, #tile.reg>
    // CHECK: "ld.relaxed.gpu.global.u32 $0, [$1];", "=r,l,~{memory}"
    tile.apply "ld.global.relaxed.gpu.u32" (%d, %g) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
    // CHECK: "ld.acquire.cluster.shared.v4.b32 {$0, $1, $2, $3}, [$4];"
    tile.apply "ld.acquire.cluster.shared.v4.b32" (%v, %s) scope(thread) : memref<4xi32, #tile.reg>, memref<4xi32, #gpu.address_space<workgroup>>
    // CHECK: "ld.volatile.global.v4.s32 {$0, $1, $2, $3}, [$4];"
    tile.apply "ld.volatile.global.v4.s32" (%v, %g4) scope(thread) : memref<4xi32, #tile.reg>, memref<4xi32>
    // CHECK: "st.release.sys.global.u32 [$0], $1;", "l,r,~{memory}"
    tile.apply "st.release.sys.global.u32" (%g, %d) scope(thread) : memref<1xi32>, memref<1xi32, #tile.reg>
    // CHECK: "st.relaxed.cta.shared.v4.b32 [$0], {$1, $2, $3, $4};"
    tile.apply "st.relaxed.cta.shared.v4.b32" (%s, %v) scope(thread) : memref<4xi32, #gpu.address_space<workgroup>>, memref<4xi32, #tile.reg>
    // CHECK: "st.volatile.shared.v4.b32 [$0], {$1, $2, $3, $4};"
    tile.apply "st.volatile.shared.v4.b32" (%s, %v) scope(thread) : memref<4xi32, #gpu.address_space<workgroup>>, memref<4xi32, #tile.reg>
    gpu.return
  }
}
