// mad.hi.sat.s32 is written as mul.hi.s32 then add.sat.s32 (the table's
// PtxasWorkaround): ptxas 13.0 drops the saturation of mad.hi.sat.s32 where
// the kernel also computes mul.lo (or mad.wide) of the same a and b, as
// the second run shows on the instruction itself. The pair is the same
// value, and ptxas keeps its clamps (SEL to INT_MAX and INT_MIN) next to
// the mul.lo. A predicate guards each instruction of the pair.
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.cubin | FileCheck %s --check-prefix=SASS %}
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %S/Inputs/mad-hi-sat-fused.ptx -o %t.fused.cubin %}
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.fused.cubin | FileCheck %s --check-prefix=FUSED %}
// CHECK-LABEL: .entry madsat(
// CHECK: .reg .s32 %tile_hi;
// CHECK-NEXT: mul.hi.s32 %tile_hi, [[A:%r[0-9]+]], [[B:%r[0-9]+]];
// CHECK-NEXT: add.sat.s32 {{%r[0-9]+}}, %tile_hi, {{%r[0-9]+}};
// CHECK: mul.lo.s32 {{%r[0-9]+}}, [[A]], [[B]];
// CHECK: .reg .pred %tile_p;
// CHECK-NEXT: setp.ne.b32 %tile_p, {{%r[0-9]+}}, 0;
// CHECK-NEXT: .reg .s32 %tile_hi;
// CHECK-NEXT: @%tile_p mul.hi.s32 %tile_hi, {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @%tile_p add.sat.s32 {{%r[0-9]+}}, %tile_hi, {{%r[0-9]+}};
// CHECK-NOT: mad.hi.sat
// SASS-DAG: SEL {{.*}}0x7fffffff
// SASS-DAG: SEL {{.*}}0x80000000
// FUSED: IMAD.WIDE R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}
// FUSED-NOT: 0x7fffffff
module {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @madsat(%in: memref<3xi32>, %out: memref<3xi32>, %p: i1)
        kernel {
      %a = tile.alloc_local : memref<1xi32, #tile.reg>
      %b = tile.alloc_local : memref<1xi32, #tile.reg>
      %c = tile.alloc_local : memref<1xi32, #tile.reg>
      %d = tile.alloc_local : memref<1xi32, #tile.reg>
      %e = tile.alloc_local : memref<1xi32, #tile.reg>
      %in0 = memref.subview %in[0] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1]>>
      %in1 = memref.subview %in[1] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1], offset: 1>>
      %in2 = memref.subview %in[2] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1], offset: 2>>
      %out0 = memref.subview %out[0] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1]>>
      %out1 = memref.subview %out[1] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1], offset: 1>>
      %out2 = memref.subview %out[2] [1] [1] : memref<3xi32> to memref<1xi32, strided<[1], offset: 2>>
      tile.apply "ld.global.b32" (%a, %in0) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, strided<[1]>>
      tile.apply "ld.global.b32" (%b, %in1) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, strided<[1], offset: 1>>
      tile.apply "ld.global.b32" (%c, %in2) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, strided<[1], offset: 2>>
      tile.apply "mad.hi.sat.s32" (%d, %a, %b, %c) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>
      tile.apply "mul.lo.s32" (%e, %a, %b) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>
      tile.apply "mad.hi.sat.s32" (%c, %a, %c, %b) pred(%p) preserve_dst scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>
      tile.apply "st.global.b32" (%out0, %d) scope(thread) : memref<1xi32, strided<[1]>>, memref<1xi32, #tile.reg>
      tile.apply "st.global.b32" (%out1, %e) scope(thread) : memref<1xi32, strided<[1], offset: 1>>, memref<1xi32, #tile.reg>
      tile.apply "st.global.b32" (%out2, %c) scope(thread) : memref<1xi32, strided<[1], offset: 2>>, memref<1xi32, #tile.reg>
      gpu.return
    }
  }
}
