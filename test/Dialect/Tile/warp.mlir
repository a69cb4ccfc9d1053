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

// -----

// match.sync, redux.sync, activemask, elect.sync and bar.warp.sync decode
// and print; elect.sync and bar.warp.sync have no type suffix, and
// bar.warp.sync takes its member mask alone.
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: gpu.func @sync
  gpu.func @sync(%a: i32, %b: i64) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // CHECK: tile.apply "match.any.sync.b64"(%{{.*}}, %{{.*}}, %{{.*}}) scope(thread)
    tile.apply "match.any.sync.b64" (%d, %b, %a) scope(thread) : memref<1xi32, #tile.reg>, i64, i32
    // CHECK: tile.apply "match.all.sync.b32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread)
    tile.apply "match.all.sync.b32" (%d, %p, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi1, #tile.reg>, i32, i32
    // Qualifiers in any order print canonically.
    // CHECK: tile.apply "match.all.sync.b32"(%{{.*}}, %{{.*}}, %{{.*}}) scope(thread)
    tile.apply "match.sync.all.b32" (%d, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32
    // CHECK: tile.apply "redux.sync.max.s32"
    tile.apply "redux.sync.max.s32" (%d, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32
    // CHECK: tile.apply "redux.sync.or.b32"
    tile.apply "redux.sync.or.b32" (%d, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32
    // CHECK: tile.apply "activemask.b32"(%{{.*}}) scope(thread)
    tile.apply "activemask.b32" (%d) scope(thread) : memref<1xi32, #tile.reg>
    // CHECK: tile.apply "elect.sync"(%{{.*}}, %{{.*}}, %{{.*}}) scope(thread)
    tile.apply "elect.sync" (%d, %p, %a) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi1, #tile.reg>, i32
    // CHECK: tile.apply "bar.warp.sync"(%{{.*}}) scope(cta)
    tile.apply "bar.warp.sync" (%a) scope(cta) : i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{qualifier .add is not allowed for 'redux.b32' (allowed: .and, .or, .xor, .sync) in 'redux.sync.add.b32'}}
    tile.apply "redux.sync.add.b32" (%d, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'elect' has no form with type suffix '.b32' in 'elect.sync.b32' (documented: no type suffix)}}
    tile.apply "elect.sync.b32" (%d, %a) scope(thread) : memref<1xi32, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{missing type suffix in 'activemask'}}
    tile.apply "activemask" (%d) scope(thread) : memref<1xi32, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'match.b32' requires one of .all, .any in 'match.sync.b32'}}
    tile.apply "match.sync.b32" (%d, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32
    gpu.return
  }
}

// -----

// redux.sync's .f32 forms are on sm_100a, sm_100f, sm_103a and sm_103f
// alone (measured with ptxas 13.0).
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx86">] {
  gpu.func @k(%f: f32, %a: i32) kernel {
    %d = tile.alloc_local : memref<1xf32, #tile.reg>
    // expected-error @+1 {{'redux.sync.min.abs.NaN.f32' requires sm_100a, sm_100f, sm_103a or sm_103f (arch- and family-specific targets only), but the target is sm_90}}
    tile.apply "redux.sync.min.abs.NaN.f32" (%d, %f, %a) scope(thread) : memref<1xf32, #tile.reg>, f32, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  // CHECK-LABEL: gpu.func @f32
  gpu.func @f32(%f: f32, %a: i32) kernel {
    %d = tile.alloc_local : memref<1xf32, #tile.reg>
    // CHECK: tile.apply "redux.sync.max.NaN.f32"
    tile.apply "redux.sync.max.NaN.f32" (%d, %f, %a) scope(thread) : memref<1xf32, #tile.reg>, f32, i32
    gpu.return
  }
}

// -----

// Floors: match.sync sm_70, redux.sync sm_80 and PTX ISA 7.0, elect.sync
// sm_90 and PTX ISA 8.0, activemask PTX ISA 6.2.
gpu.module @m [#nvvm.target<chip = "sm_75", features = "+ptx78">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @+1 {{'redux.sync.add.u32' requires sm_80 or newer, but the target is sm_75}}
    tile.apply "redux.sync.add.u32" (%d, %a, %a) scope(thread) : memref<1xi32, #tile.reg>, i32, i32
    // expected-error @+1 {{'elect.sync' requires sm_90 or newer, but the target is sm_75}}
    tile.apply "elect.sync" (%d, %p, %a) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi1, #tile.reg>, i32
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_60", features = "+ptx61">] {
  gpu.func @k(%a: i32) kernel {
    %d = tile.alloc_local : memref<1xi32, #tile.reg>
    // expected-error @+1 {{'activemask.b32' requires PTX ISA 6.2}}
    tile.apply "activemask.b32" (%d) scope(thread) : memref<1xi32, #tile.reg>
    gpu.return
  }
}
