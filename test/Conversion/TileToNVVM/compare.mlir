// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s

// A predicate is an i1 in the asm's "b" register class (LLVM's NVPTX gives
// it a .pred register): setp writes one, selp and the BoolOp forms read
// one; i1 tiles load and store i1 elements.

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: llvm.func @compare
  gpu.func @compare(%a: i32, %f: f32, %d: f64, %c: i1) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    %x = tile.alloc_local : memref<1xi32, #tile.reg>
    %y = tile.alloc_local : memref<1xf32, #tile.reg>
    // CHECK: %[[P:.*]] = llvm.inline_asm asm_dialect = att "setp.lt.s32 $0, $1, $2;", "=b,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> i1
    // CHECK: llvm.store %[[P]], %{{.*}} : i1, !llvm.ptr<5>
    tile.apply "setp.lt.s32" (%p, %a, %a) scope(thread) : memref<1xi1, #tile.reg>, i32, i32
    // CHECK: %[[Q:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> i1
    // CHECK: "setp.geu.and.ftz.f32 $0, $1, $2, $3;", "=b,f,f,b" %{{.*}}, %{{.*}}, %[[Q]] : (f32, f32, i1) -> i1
    tile.apply "setp.geu.and.ftz.f32" (%p, %f, %f, %p) scope(thread) : memref<1xi1, #tile.reg>, f32, f32, memref<1xi1, #tile.reg>
    // A scalar i1 is a register too (a predicate has no immediate).
    // CHECK: "setp.nan.xor.f64 $0, $1, $2, $3;", "=b,d,d,b" %{{.*}}, %{{.*}}, %{{.*}} : (f64, f64, i1) -> i1
    tile.apply "setp.nan.xor.f64" (%p, %d, %d, %c) scope(thread) : memref<1xi1, #tile.reg>, f64, f64, i1
    // CHECK: "selp.b32 $0, 0x00000001, 0x00000000, $1;", "=r,b" %{{.*}} : (i1) -> i32
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    tile.apply "selp.b32" (%x, %one, %zero, %p) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, memref<1xi1, #tile.reg>
    // CHECK: "slct.ftz.f32.f32 $0, $1, $2, $3;", "=f,f,f,f"
    tile.apply "slct.ftz.f32.f32" (%y, %f, %f, %f) scope(thread) : memref<1xf32, #tile.reg>, f32, f32, f32
    // CHECK: "set.gt.u32.f32 $0, $1, $2;", "=r,f,f"
    tile.apply "set.gt.u32.f32" (%x, %f, %f) scope(thread) : memref<1xi32, #tile.reg>, f32, f32
    // CHECK: "testp.notanumber.f64 $0, $1;", "=b,d"
    tile.apply "testp.notanumber.f64" (%p, %d) scope(thread) : memref<1xi1, #tile.reg>, f64
    // Under pred with preserve_dst the old predicate is tied to the result.
    // CHECK: "{\0A\09.reg .pred %tile_p;\0A\09setp.ne.b32 %tile_p, $3, 0;\0A\09@%tile_p setp.eq.b32 $0, $1, $2;\0A\09}", "=b,r,r,r,0"
    tile.apply "setp.eq.b32" (%p, %a, %a) pred(%c) preserve_dst scope(thread) : memref<1xi1, #tile.reg>, i32, i32
    // A negated source is `!` before its register, a scalar i1 as well as
    // an element of a tile; a negated guard is `@!`.
    // CHECK: "setp.lt.or.s32 $0, $1, $2, !$3;", "=b,r,r,b"
    tile.apply "setp.lt.or.s32" (%p, %a, %a, not %c) scope(thread) : memref<1xi1, #tile.reg>, i32, i32, i1
    // CHECK: "set.ne.xor.u32.s32 $0, $1, $2, !$3;", "=r,r,r,b"
    tile.apply "set.ne.xor.u32.s32" (%x, %a, %a, not %p) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, memref<1xi1, #tile.reg>
    // CHECK: "{\0A\09.reg .pred %tile_p;\0A\09setp.ne.b32 %tile_p, $3, 0;\0A\09@!%tile_p setp.eq.b32 $0, $1, $2;\0A\09}"
    tile.apply "setp.eq.b32" (%p, %a, %a) pred(not %c) scope(thread) : memref<1xi1, #tile.reg>, i32, i32
    gpu.return
  }
}
