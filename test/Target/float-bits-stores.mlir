// Stores of integers that hold a floating-point value's bits.
//
// LLVM's default data layout makes an i64 access 4-aligned; unless the
// gpu.module carries NVPTX's layout (tile-gpu-module-to-binary sets
// llvm.data_layout), NVPTX splits every i64 store in two st.b32. And a
// truncation stored to memory becomes a narrow store of the wide register
// (st.b32 [a], %rd). ptxas compiles that store, when a floating-point
// instruction wrote the register, as a conversion to an integer (F2I) of
// the value instead of its low bits (measured with CUDA 13.0's ptxas, SASS
// below). The rewrite copies such bits through mov.bN before the
// truncation, and ptxas stores them as they are.
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.cubin | FileCheck %s --check-prefix=SASS %}

// The f64 from the inline asm cvt, stored as an i64: one 8-byte store.
// CHECK-LABEL: .entry bits(
// CHECK: cvt.rn.f64.s64 [[D:%rd[0-9]+]],
// CHECK: st.global.b64 [{{%rd[0-9]+}}], [[D]];
// The low half of an f64 product's bits, and of an f32 product's bits:
// each through a copy.
// CHECK: mul.rn.f64 [[P:%rd[0-9]+]],
// CHECK: mov.b64 [[PC:%rd[0-9]+]], [[P]];
// CHECK: st.global.b32 [{{%rd[0-9]+}}], [[PC]];
// CHECK: mul.rn.f32 [[F:%r[0-9]+]],
// CHECK: mov.b32 [[FC:%r[0-9]+]], [[F]];
// CHECK: st.global.b16 [{{%rd[0-9]+}}], [[FC]];
// An integer product truncated the same way has no copy.
// CHECK: mul.lo.s64 [[I:%rd[0-9]+]],
// CHECK-NOT: mov.b64
// CHECK: st.global.b32 [{{%rd[0-9]+}}+8], [[I]];

// SASS-LABEL: Function : bits
// SASS-NOT: F2I
// SASS: STG.E.64
// SASS-NOT: F2I
// SASS: EXIT

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @bits(%In: memref<4xi64>, %D: memref<4xf64>, %F: memref<4xf32>,
                   %Out64: memref<4xi64>, %Out32: memref<4xi32>,
                   %Out16: memref<4xi16>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %x = memref.load %In[%c0] : memref<4xi64>
      %r = tile.alloc_local : memref<1xf64, #tile.reg>
      tile.apply "cvt.rn.f64.s64" (%r, %x) scope(thread) : memref<1xf64, #tile.reg>, i64
      %d = memref.load %r[%c0] : memref<1xf64, #tile.reg>
      %db = arith.bitcast %d : f64 to i64
      memref.store %db, %Out64[%c0] : memref<4xi64>
      %a = memref.load %D[%c0] : memref<4xf64>
      %p = arith.mulf %a, %a : f64
      %pb = arith.bitcast %p : f64 to i64
      %pl = arith.trunci %pb : i64 to i32
      memref.store %pl, %Out32[%c0] : memref<4xi32>
      %f = memref.load %F[%c0] : memref<4xf32>
      %q = arith.mulf %f, %f : f32
      %qb = arith.bitcast %q : f32 to i32
      %ql = arith.trunci %qb : i32 to i16
      memref.store %ql, %Out16[%c0] : memref<4xi16>
      %y = memref.load %In[%c1] : memref<4xi64>
      %yy = arith.muli %y, %y : i64
      %yl = arith.trunci %yy : i64 to i32
      memref.store %yl, %Out32[%c2] : memref<4xi32>
      gpu.return
    }
  }
}
