// A constant broadcast scalar of an integer form is a 0x immediate of the
// type's width (the table's immediate syntax for s16..u64); divisors 0 and
// -1 and a mul.wide source included. ptxas assembles the result.
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
//
// -1 : i32 is 0xFFFFFFFF; -2 : i16 is 0xFFFE; 7 : i64 is 0x0000000000000007.
// CHECK-LABEL: .entry consts(
// CHECK: div.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0xFFFFFFFF;
// CHECK: rem.u32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0x00000000;
// CHECK: add.s16 {{%rs[0-9]+}}, {{%rs[0-9]+}}, 0xFFFE;
// CHECK: mul.wide.s32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 0xFFFFFFFF;
// CHECK: min.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0x0000000000000007;
module {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @consts(%i: memref<1xi32>, %s: memref<1xi16>,
                     %l: memref<1xi64>) kernel {
      %m1 = arith.constant -1 : i32
      %z = arith.constant 0 : i32
      %m2 = arith.constant -2 : i16
      %seven = arith.constant 7 : i64
      %ri = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "ld.global.b32" (%ri, %i) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32>
      tile.apply "div.s32" (%ri, %ri, %m1) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, i32
      tile.apply "rem.u32" (%ri, %ri, %z) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, #tile.reg>, i32
      tile.apply "st.global.b32" (%i, %ri) scope(thread) : memref<1xi32>, memref<1xi32, #tile.reg>
      %rs = tile.alloc_local : memref<1xi16, #tile.reg>
      tile.apply "ld.global.b16" (%rs, %s) scope(thread) : memref<1xi16, #tile.reg>, memref<1xi16>
      tile.apply "add.s16" (%rs, %rs, %m2) scope(thread) : memref<1xi16, #tile.reg>, memref<1xi16, #tile.reg>, i16
      tile.apply "st.global.b16" (%s, %rs) scope(thread) : memref<1xi16>, memref<1xi16, #tile.reg>
      %rl = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "mul.wide.s32" (%rl, %ri, %m1) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi32, #tile.reg>, i32
      tile.apply "min.s64" (%rl, %rl, %seven) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #tile.reg>, i64
      tile.apply "st.global.b64" (%l, %rl) scope(thread) : memref<1xi64>, memref<1xi64, #tile.reg>
      gpu.return
    }
  }
}
