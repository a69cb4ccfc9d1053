// ld and st through generic addresses (no state space): the address is a
// global or workgroup memref's, converted to a generic one. 32 threads of
// one CTA; thread t:
//   st.u32 of A[t] + 100 to S[t] (shared, through its generic address);
//   bar.sync; ld.u32 of S[(t + 1) % 32] (another thread's shared element);
//   ld.v2.u32 of A2[t] (global, a pair); ld.volatile.u32 and
//   ld.relaxed.gpu.u32 of A[t];
//   st.release.gpu.u32 of their sum to Out[t]; st.v2.b32 of the pair to
//   Out2[t].
// A[t] = t, A2[t] = {7t, 7t + 1}: Out[t] = ((t + 1) % 32 + 100) + 7t +
// (7t + 1) + t + t = 16t + 101 + (t + 1) % 32.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [32]
// CHECK-NEXT: [102, 119, 136, 153, 170, 187, 204, 221, 238, 255, 272, 289, 306, 323, 340, 357, 374, 391, 408, 425, 442, 459, 476, 493, 510, 527, 544, 561, 578, 595, 612, 597]
// CHECK: sizes = [32, 2]
// CHECK-NEXT: {{\[}}[0, 1],
// CHECK-NEXT: [7, 8],
// CHECK:      [217, 218]]
#WS = #gpu.address_space<workgroup>
!R = memref<1xi32, #tile.reg>
!R2 = memref<1x2xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%A: memref<32xi32>, %A2: memref<32x2xi32>, %Out: memref<32xi32>, %Out2: memref<32x2xi32>)
        workgroup(%S: memref<32xi32, #WS>) kernel {
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c100 = arith.constant 100 : i32
      %t = gpu.thread_id x
      %t1 = arith.addi %t, %c1 : index
      %next = arith.remui %t1, %c32 : index
      %a = memref.subview %A[%t] [1] [1] : memref<32xi32> to memref<1xi32, strided<[1], offset: ?>>
      %s = memref.subview %S[%t] [1] [1] : memref<32xi32, #WS> to memref<1xi32, strided<[1], offset: ?>, #WS>
      %sn = memref.subview %S[%next] [1] [1] : memref<32xi32, #WS> to memref<1xi32, strided<[1], offset: ?>, #WS>
      %a2 = memref.subview %A2[%t, 0] [1, 2] [1, 1] : memref<32x2xi32> to memref<1x2xi32, strided<[2, 1], offset: ?>>
      %o = memref.subview %Out[%t] [1] [1] : memref<32xi32> to memref<1xi32, strided<[1], offset: ?>>
      %o2 = memref.subview %Out2[%t, 0] [1, 2] [1, 1] : memref<32x2xi32> to memref<1x2xi32, strided<[2, 1], offset: ?>>
      %v = tile.alloc_local : !R
      tile.apply "ld.u32" (%v, %a) scope(thread) : !R, memref<1xi32, strided<[1], offset: ?>>
      tile.apply "add.u32" (%v, %v, %c100) scope(thread) : !R, !R, i32
      tile.apply "st.u32" (%s, %v) scope(thread) : memref<1xi32, strided<[1], offset: ?>, #WS>, !R
      gpu.barrier
      %w = tile.alloc_local : !R
      tile.apply "ld.u32" (%w, %sn) scope(thread) : !R, memref<1xi32, strided<[1], offset: ?>, #WS>
      %p = tile.alloc_local : !R2
      tile.apply "ld.v2.u32" (%p, %a2) scope(thread) : !R2, memref<1x2xi32, strided<[2, 1], offset: ?>>
      %x = tile.alloc_local : !R
      %y = tile.alloc_local : !R
      tile.apply "ld.volatile.u32" (%x, %a) scope(thread) : !R, memref<1xi32, strided<[1], offset: ?>>
      tile.apply "ld.relaxed.gpu.u32" (%y, %a) scope(thread) : !R, memref<1xi32, strided<[1], offset: ?>>
      %p0 = memref.subview %p[0, 0] [1, 1] [1, 1] : !R2 to memref<1xi32, strided<[2]>, #tile.reg>
      %p1 = memref.subview %p[0, 1] [1, 1] [1, 1] : !R2 to memref<1xi32, strided<[2], offset: 1>, #tile.reg>
      tile.apply "add.u32" (%w, %w, %p0) scope(thread) : !R, !R, memref<1xi32, strided<[2]>, #tile.reg>
      tile.apply "add.u32" (%w, %w, %p1) scope(thread) : !R, !R, memref<1xi32, strided<[2], offset: 1>, #tile.reg>
      tile.apply "add.u32" (%w, %w, %x) scope(thread) : !R, !R, !R
      tile.apply "add.u32" (%w, %w, %y) scope(thread) : !R, !R, !R
      tile.apply "st.release.gpu.u32" (%o, %w) scope(thread) : memref<1xi32, strided<[1], offset: ?>>, !R
      tile.apply "st.v2.b32" (%o2, %p) scope(thread) : memref<1x2xi32, strided<[2, 1], offset: ?>>, !R2
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c7 = arith.constant 7 : i32
    %one = arith.constant 1 : i32
    %h = memref.alloc() : memref<32xi32>
    %h2 = memref.alloc() : memref<32x2xi32>
    scf.for %i = %c0 to %c32 step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %h[%i] : memref<32xi32>
      %s = arith.muli %ii, %c7 : i32
      %s1 = arith.addi %s, %one : i32
      memref.store %s, %h2[%i, %c0] : memref<32x2xi32>
      memref.store %s1, %h2[%i, %c1] : memref<32x2xi32>
    }
    %a = gpu.alloc () : memref<32xi32>
    %a2 = gpu.alloc () : memref<32x2xi32>
    %o = gpu.alloc () : memref<32xi32>
    %o2 = gpu.alloc () : memref<32x2xi32>
    gpu.memcpy %a, %h : memref<32xi32>, memref<32xi32>
    gpu.memcpy %a2, %h2 : memref<32x2xi32>, memref<32x2xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%a : memref<32xi32>, %a2 : memref<32x2xi32>, %o : memref<32xi32>, %o2 : memref<32x2xi32>)
    gpu.memcpy %h, %o : memref<32xi32>, memref<32xi32>
    %u = memref.cast %h : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %h2, %o2 : memref<32x2xi32>, memref<32x2xi32>
    %u2 = memref.cast %h2 : memref<32x2xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    return
  }
}
