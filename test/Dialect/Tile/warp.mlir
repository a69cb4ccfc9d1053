// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// Warp collectives: shfl.sync (with and without the in-range predicate)
// and vote.sync decode and print; vote's source may be negated.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @k
  gpu.func @k(%a: i32, %q: i1) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // CHECK: tile.apply "shfl.sync.bfly.b32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread)
    tile.apply "shfl.sync.bfly.b32" (%d, %a, %a, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, i32, i32
    // CHECK: tile.apply "shfl.sync.idx.b32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread)
    tile.apply "shfl.sync.idx.b32" (%d, %p, %a, %a, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi1, #tile.reg>, i32, i32, i32, i32
    // CHECK: tile.apply "vote.sync.uni.pred"(%{{.*}}, not %{{.*}}, %{{.*}}) scope(thread)
    tile.apply "vote.sync.uni.pred" (%p, not %q, %a) scope(thread) : memref<1xi1, #tile.reg>, i1, i32
    // CHECK: tile.apply "vote.sync.ballot.b32"
    tile.apply "vote.sync.ballot.b32" (%d, %q, %a) scope(thread) : memref<1xi32, #tile.reg>, i1, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'shfl.b32' requires .sync in 'shfl.up.b32'}}
    tile.apply "shfl.up.b32" (%d, %a, %a, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'shfl' has no form with type suffix '.f32'}}
    tile.apply "shfl.sync.up.f32" (%d, %a, %a, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, i32, i32
    gpu.return
  }
}

// -----

// The member mask and b are no predicates: only vote's a may be negated.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: i32, %q: i1) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @+1 {{operand #2 ('membermask') of 'vote.sync.all.pred' cannot be negated: it is not a predicate source; only 'a' may be negated}}
    tile.apply "vote.sync.all.pred" (%p, %q, not %a) scope(thread) : memref<1xi1, #tile.reg>, i1, i32
    gpu.return
  }
}

// -----

// Floors: PTX ISA 6.0 (measured with ptxas 13.0).
gpu.module @m [#nvvm.target<chip = "sm_60", features = "+ptx50">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{requires PTX ISA 6.0}}
    tile.apply "shfl.sync.up.b32" (%d, %a, %a, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, i32, i32
    gpu.return
  }
}
