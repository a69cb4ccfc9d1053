// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm))' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-to-nvvm{use-intrinsics=true}))' | FileCheck %s --check-prefix=INTR

// Inputs are already expanded (one instruction per tile.apply).

!v1 = memref<1xf32, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
  // CHECK-LABEL: llvm.func @alloc_and_f32
  // INTR-LABEL: llvm.func @alloc_and_f32
  gpu.func @alloc_and_f32(%c: f32) kernel {
    // The register tile is an entry-block alloca, generic as NVPTX's data
    // layout has it (an alloca in the local space itself is lowered with
    // generic addresses under st.local), cast to the local space.
    // One array-typed alloca (SROA splits it first thing, see TileToNVVM.cpp).
    // CHECK: %[[G:.*]] = llvm.alloca %{{.*}} x !llvm.array<1 x f32> : (i64) -> !llvm.ptr
    // CHECK-NEXT: %[[A:.*]] = llvm.addrspacecast %[[G]] : !llvm.ptr to !llvm.ptr<5>
    %r = tile.alloc_local : memref<1xf32, #tile.reg>
    // CHECK: %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> f32
    // CHECK: %[[D:.*]] = llvm.inline_asm asm_dialect = att "fma.rn.f32 $0, $1, $2, $3;", "=f,f,f,f" %[[X]], %{{.*}}, %{{.*}} : (f32, f32, f32) -> f32
    // CHECK: llvm.store %[[D]], %{{.*}} : f32, !llvm.ptr<5>
    // INTR: llvm.call_intrinsic "llvm.nvvm.fma.rn.f"(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : !v1, !v1, f32, f32
    // INTR: llvm.call_intrinsic "llvm.nvvm.fma.rz.ftz.sat.f"
    tile.apply "fma.rz.ftz.sat.f32" (%r, %r, %c, %c) scope(thread) : !v1, !v1, f32, f32
    gpu.return
  }

  // Constraint letters by container: r (i32), h (16-bit), l (i64), d (f64).
  // CHECK-LABEL: llvm.func @containers
  // INTR-LABEL: llvm.func @containers
  gpu.func @containers(%i: i32, %h: f16, %b: bf16, %s: i16, %x: i64, %d: f64, %f: f32) kernel {
    %ri = tile.alloc_local : memref<1xi32, #tile.reg>
    // CHECK: "fma.rn.f32 $0, $1, $2, $3;", "=r,r,r,f"
    tile.apply "fma.rn.f32" (%ri, %ri, %i, %f) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, i32, f32
    // CHECK: "fma.rn.f16x2 $0, $1, $2, $3;", "=r,r,r,r"
    // INTR: %[[A:.*]] = llvm.bitcast %{{.*}} : i32 to vector<2xf16>
    // INTR: %[[R:.*]] = llvm.call_intrinsic "llvm.nvvm.fma.rn.f16x2"(%[[A]], %{{.*}}, %{{.*}}) : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> vector<2xf16>
    // INTR: llvm.bitcast %[[R]] : vector<2xf16> to i32
    tile.apply "fma.rn.f16x2" (%ri, %ri, %i, %i) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, i32, i32
    // CHECK: "fma.rn.relu.bf16x2 $0, $1, $2, $3;", "=r,r,r,r"
    // INTR: llvm.call_intrinsic "llvm.nvvm.fma.rn.relu.bf16x2"({{.*}}) : (vector<2xbf16>, vector<2xbf16>, vector<2xbf16>) -> vector<2xbf16>
    tile.apply "fma.rn.relu.bf16x2" (%ri, %ri, %i, %i) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, i32, i32
    %rh = tile.alloc_local : memref<1xf16, #tile.reg>
    // CHECK: "fma.rn.ftz.sat.f16 $0, $1, $2, $3;", "=h,h,h,h"
    // INTR: llvm.call_intrinsic "llvm.nvvm.fma.rn.ftz.sat.f16"({{.*}}) : (f16, f16, f16) -> f16
    tile.apply "fma.rn.ftz.sat.f16" (%rh, %rh, %h, %h) scope(thread) : memref<1xf16, #tile.reg>, memref<1xf16, #tile.reg>, f16, f16
    %rb = tile.alloc_local : memref<1xbf16, #tile.reg>
    // CHECK: "fma.rn.bf16 $0, $1, $2, $3;", "=h,h,h,h"
    // INTR: llvm.call_intrinsic "llvm.nvvm.fma.rn.bf16"({{.*}}) : (bf16, bf16, bf16) -> bf16
    tile.apply "fma.rn.bf16" (%rb, %rb, %b, %b) scope(thread) : memref<1xbf16, #tile.reg>, memref<1xbf16, #tile.reg>, bf16, bf16
    %rs = tile.alloc_local : memref<1xi16, #tile.reg>
    // The oob forms have no LLVM 22 intrinsic: always inline asm.
    // CHECK: "fma.rn.oob.relu.bf16 $0, $1, $2, $3;", "=h,h,h,h"
    // INTR: "fma.rn.oob.relu.bf16 $0, $1, $2, $3;", "=h,h,h,h"
    tile.apply "fma.rn.oob.relu.bf16" (%rs, %rs, %s, %s) scope(thread) : memref<1xi16, #tile.reg>, memref<1xi16, #tile.reg>, i16, i16
    %rx = tile.alloc_local : memref<1xi64, #tile.reg>
    // CHECK: "mov.b64 $0, $1;", "=l,l"
    tile.apply "mov.b64" (%rx, %x) scope(thread) : memref<1xi64, #tile.reg>, i64
    %rd = tile.alloc_local : memref<1xf64, #tile.reg>
    // CHECK: "fma.rm.f64 $0, $1, $2, $3;", "=d,d,d,d"
    // INTR: llvm.call_intrinsic "llvm.nvvm.fma.rm.d"({{.*}}) : (f64, f64, f64) -> f64
    tile.apply "fma.rm.f64" (%rd, %rd, %d, %d) scope(thread) : memref<1xf64, #tile.reg>, memref<1xf64, #tile.reg>, f64, f64
    gpu.return
  }

  // pred is an i32 turned into a .pred inside the block; preserve_dst ties
  // the destination to its prior value (an input referring to output 0).
  // CHECK-LABEL: llvm.func @predicated
  // INTR-LABEL: llvm.func @predicated
  gpu.func @predicated(%c: f32, %p: i1) kernel {
    %r = tile.alloc_local : memref<1xf32, #tile.reg>
    // CHECK: %[[P32:.*]] = llvm.zext %{{.*}} : i1 to i32
    // CHECK: llvm.inline_asm asm_dialect = att "{\0A\09.reg .pred %tile_p;\0A\09setp.ne.b32 %tile_p, $4, 0;\0A\09@%tile_p fma.rn.f32 $0, $1, $2, $3;\0A\09}", "=f,f,f,f,r" %{{.*}}, %{{.*}}, %{{.*}}, %[[P32]] : (f32, f32, f32, i32) -> f32
    // Predicated instructions never become intrinsics.
    // INTR-NOT: llvm.call_intrinsic
    // INTR: @%tile_p fma.rn.f32
    tile.apply "fma.rn.f32" (%r, %r, %c, %c) pred(%p) scope(thread) : !v1, !v1, f32, f32
    // CHECK: %[[OLD:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> f32
    // CHECK: llvm.inline_asm asm_dialect = att "{{.*}}setp.ne.b32 %tile_p, $4, 0;{{.*}}@%tile_p fma.rn.f32 $0, $1, $2, $3;{{.*}}", "=f,f,f,f,r,0" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[OLD]] : (f32, f32, f32, i32, f32) -> f32
    tile.apply "fma.rn.f32" (%r, %c, %c, %c) pred(%p) preserve_dst scope(thread) : !v1, f32, f32, f32
    gpu.return
  }

  // Memory operands bind a 64-bit global address; vector accesses a brace
  // list; loads and stores have side effects and clobber memory.
  // CHECK-LABEL: llvm.func @memory
  gpu.func @memory(%g: memref<4xf32>, %o: memref<4xf32, #gpu.address_space<global>>) kernel {
    %r = tile.alloc_local : memref<4xf32, #tile.reg>
    // CHECK: %[[G:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr to !llvm.ptr<1>
    // CHECK: %[[V:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "ld.global.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l,~{memory}" %[[G]] : (!llvm.ptr<1>) -> !llvm.struct<(f32, f32, f32, f32)>
    // CHECK: llvm.extractvalue %[[V]][0]
    // CHECK: llvm.extractvalue %[[V]][3]
    tile.apply "ld.global.v4.f32" (%r, %g) scope(thread) : memref<4xf32, #tile.reg>, memref<4xf32>
    // A memref already in the global space needs no cast.
    // CHECK-NOT: llvm.addrspacecast
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "st.global.v4.f32 [$0], {$1, $2, $3, $4};", "l,f,f,f,f,~{memory}"
    tile.apply "st.global.v4.f32" (%o, %r) scope(thread) : memref<4xf32, #gpu.address_space<global>>, memref<4xf32, #tile.reg>
    gpu.return
  }
}
