// A per-thread output address, (bid * 256 + tid) * 8 elements, stored to
// after a loop. LLVM's InstCombine writes it as two variable steps,
// gep (gep %Out, bid * 8192 bytes), tid * 8 elements; tile-gpu-module-to-binary
// merges them after LLVM's optimization into one offset added to the base
// once. ptxas then computes the whole address after the loop, instead of a
// partial pointer before it that stays live through the loop (on the H200,
// f16x2 throughput 102.1 -> 107.7 TFLOP/s: docs/benchmarks.md).
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: tile-translate --mlir-to-ptx --merge-address-chains=false %s | FileCheck %s --check-prefix=SPLIT
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: %if cuobjdump %{ %cuobjdump -sass %t.cubin | FileCheck %s --check-prefix=SASS %}

// CHECK-LABEL: .entry chains(
// CHECK: [[LOOP:\$L__BB0_[0-9]+]]:
// CHECK: fma.rn.f16x2
// CHECK: @%p{{[0-9]+}} bra [[LOOP]];
// CHECK: mov.u32 [[BID:%r[0-9]+]], %ctaid.x;
// CHECK: mul.wide.u32 [[BLOCK:%rd[0-9]+]], [[BID]], 8192;
// CHECK: mul.wide.u32 [[THREAD:%rd[0-9]+]], %r{{[0-9]+}}, 4;
// CHECK: {{(or|add).[bs]64}} [[OFF:%rd[0-9]+]], [[BLOCK]], [[THREAD]];
// CHECK: add.s64 [[ADDR:%rd[0-9]+]], %rd{{[0-9]+}}, [[OFF]];
// CHECK: st.global.b32 [[[ADDR]]],
// CHECK: add.s64 %rd{{[0-9]+}}, [[ADDR]], 4;

// Without the merge: the base plus the block's part, then the thread's.
// SPLIT: mul.wide.u32 [[BLOCK:%rd[0-9]+]], %r{{[0-9]+}}, 8192;
// SPLIT: add.s64 [[PART:%rd[0-9]+]], %rd{{[0-9]+}}, [[BLOCK]];
// SPLIT: mul.wide.u32 [[THREAD:%rd[0-9]+]], %r{{[0-9]+}}, 4;
// SPLIT: add.s64 %rd{{[0-9]+}}, [[PART]], [[THREAD]];

// The block id is read after the loop's back branch, not before the loop.
// SASS: Function : chains
// SASS-NOT: SR_CTAID
// SASS: @P0 BRA
// SASS: SR_CTAID.X
// SASS: STG.E

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @chains(%Out: memref<?xi32>, %a: i32, %b: i32, %iters: index) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %r = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %i0 = arith.constant 0 : index
      memref.store %a, %r[%i0, %c0] : memref<8x1xi32, #tile.reg>
      %i1 = arith.constant 1 : index
      memref.store %a, %r[%i1, %c0] : memref<8x1xi32, #tile.reg>
      %i2 = arith.constant 2 : index
      memref.store %a, %r[%i2, %c0] : memref<8x1xi32, #tile.reg>
      %i3 = arith.constant 3 : index
      memref.store %a, %r[%i3, %c0] : memref<8x1xi32, #tile.reg>
      %i4 = arith.constant 4 : index
      memref.store %a, %r[%i4, %c0] : memref<8x1xi32, #tile.reg>
      %i5 = arith.constant 5 : index
      memref.store %a, %r[%i5, %c0] : memref<8x1xi32, #tile.reg>
      %i6 = arith.constant 6 : index
      memref.store %a, %r[%i6, %c0] : memref<8x1xi32, #tile.reg>
      %i7 = arith.constant 7 : index
      memref.store %a, %r[%i7, %c0] : memref<8x1xi32, #tile.reg>
      scf.for %i = %c0 to %iters step %c1 {
        tile.apply "fma.rn.f16x2" (%r, %r, %a, %b) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, i32, i32
        tile.apply "fma.rn.f16x2" (%r, %r, %a, %b) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, i32, i32
        tile.apply "fma.rn.f16x2" (%r, %r, %a, %b) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, i32, i32
        tile.apply "fma.rn.f16x2" (%r, %r, %a, %b) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, i32, i32
      }
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %bt = arith.muli %bid, %c256 : index
      %t = arith.addi %bt, %tid : index
      %o = arith.muli %t, %c8 : index
      %v = memref.subview %Out[%o] [8] [1] : memref<?xi32> to memref<8xi32, strided<[1], offset: ?>>
      %e = memref.expand_shape %v [[0, 1]] output_shape [8, 1] : memref<8xi32, strided<[1], offset: ?>> into memref<8x1xi32, strided<[1, 1], offset: ?>>
      tile.apply "st.global.b32" (%e, %r) scope(thread) : memref<8x1xi32, strided<[1, 1], offset: ?>>, memref<8x1xi32, #tile.reg>
      gpu.return
    }
  }
}
