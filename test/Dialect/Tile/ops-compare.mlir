// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Comparison and selection: predicates live in i1 register tiles (or are i1
// scalars); setp's CmpOp and BoolOp, set's two types, selp's predicate c,
// slct's signed or float c, testp's operators.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: gpu.func @compare
  gpu.func @compare(%a: i32, %f: f32, %d: f64, %h: f16, %c: i1) kernel {
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    %q = tile.alloc_local : memref<4x1xi1, #tile.reg>
    %x = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %y = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // CHECK: tile.apply "setp.lt.s32"(%{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    tile.apply "setp.lt.s32" (%p, %x, %a) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    // The two-destination form round-trips (generic form: by its variant).
    // CHECK: tile.apply "setp.lt.s32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    tile.apply "setp.lt.s32" (%p, %p, %x, %a) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    // CHECK: tile.apply "setp.hs.u32"
    tile.apply "setp.hs.u32" (%p, %x, %a) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    // A float source in its float container; the qualifiers print in slot
    // order (CmpOp, BoolOp, .ftz).
    // CHECK: tile.apply "setp.geu.and.ftz.f32"
    tile.apply "setp.geu.ftz.and.f32" (%q, %y, %f, %p) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, memref<4x1xi1, #tile.reg>
    // CHECK: tile.apply "setp.nan.xor.f64"
    tile.apply "setp.nan.xor.f64" (%q, %d, %d, %c) scope(thread) : memref<4x1xi1, #tile.reg>, f64, f64, i1
    // CHECK: tile.apply "setp.num.ftz.f16"
    tile.apply "setp.num.ftz.f16" (%q, %h, %h) scope(thread) : memref<4x1xi1, #tile.reg>, f16, f16
    // CHECK: tile.apply "set.gt.or.f32.s32"
    tile.apply "set.gt.or.f32.s32" (%y, %a, %a, %c) scope(thread) : memref<4x1xf32, #tile.reg>, i32, i32, i1
    // CHECK: tile.apply "selp.b32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32, memref<4x1xi1, #tile.reg>
    tile.apply "selp.b32" (%x, %a, %a, %q) scope(thread) : memref<4x1xi32, #tile.reg>, i32, i32, memref<4x1xi1, #tile.reg>
    // CHECK: tile.apply "selp.f32"
    tile.apply "selp.f32" (%y, %y, %f, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, i1
    // CHECK: tile.apply "slct.ftz.f32.f32"
    tile.apply "slct.ftz.f32.f32" (%y, %y, %f, %f) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    // CHECK: tile.apply "slct.b32.s32"
    tile.apply "slct.b32.s32" (%x, %x, %a, %a) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, i32
    // CHECK: tile.apply "testp.subnormal.f64"
    tile.apply "testp.subnormal.f64" (%p, %d) scope(thread) : memref<4x1xi1, #tile.reg>, f64
    // A predicated comparison that keeps the old predicate.
    // CHECK: tile.apply "setp.eq.b32"({{.*}}) pred(%{{.*}}) preserve_dst scope(thread)
    tile.apply "setp.eq.b32" (%p, %x, %a) pred(%c) preserve_dst scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}

// A negated predicate source (PTX's `!c`) and a negated guard (`@!p`)
// round-trip, in the custom and the generic form.
gpu.module @negation [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: gpu.func @negated
  gpu.func @negated(%a: i32, %c: i1) kernel {
    %p = tile.alloc_local : memref<4x1xi1, #tile.reg>
    %x = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // CHECK: tile.apply "setp.lt.and.s32"(%{{.*}}, %{{.*}}, %{{.*}}, not %{{.*}}) scope(thread) :
    tile.apply "setp.lt.and.s32" (%p, %x, %a, not %c) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, i1
    // CHECK: tile.apply "setp.lt.xor.s32"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, not %{{.*}}) scope(thread) :
    tile.apply "setp.lt.xor.s32" (%p, %p, %x, %a, not %p) scope(thread) : memref<4x1xi1, #tile.reg>, memref<4x1xi1, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    // CHECK: tile.apply "set.ne.or.u32.s32"(%{{.*}}, %{{.*}}, %{{.*}}, not %{{.*}}) pred(not %{{.*}}) scope(thread) :
    tile.apply "set.ne.or.u32.s32" (%x, %x, %a, not %p) pred(not %c) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32, memref<4x1xi1, #tile.reg>
    // CHECK: tile.apply "add.s32"(%{{.*}}, %{{.*}}, %{{.*}}) pred(not %{{.*}} : memref<4x1xi1, #tile.reg>) preserve_dst scope(thread) :
    tile.apply "add.s32" (%x, %x, %a) pred(not %p : memref<4x1xi1, #tile.reg>) preserve_dst scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}
