// cvta both ways over .shared and .global: 32 threads of one CTA, thread t
// converts the generic address of S[t] (S the first workgroup buffer, at
// shared address 0x400: the SharedWindow record) to a shared one and back,
// and that of A[t] to a global one and back. Row t: [cvta.to.shared of
// S[t], cvta.shared of it less cvta.shared of 0x400, cvta.to.global of
// A[t] less A's pointer, cvta.global of that less itself]; so [1024 + 4t,
// 4t, 4t, 0] on both backends.
// Integration/CPU/cvta.mlir runs it on the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [32, 4]
// CHECK-NEXT: [1024, 0, 0, 0],
// CHECK-NEXT: [1028, 4, 4, 0],
// CHECK-NEXT: [1032, 8, 8, 0],
// CHECK: [1148, 124, 124, 0]]
#WS = #gpu.address_space<workgroup>
!S = memref<32xi32, #WS>
!E = memref<1xi32, strided<[1], offset: ?>, #WS>
!G = memref<1xi32, strided<[1], offset: ?>>
!R = memref<1xi64, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%A: memref<32xi32>, %Out: memref<32x4xi64>)
        workgroup(%S: !S) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %base = arith.constant 1024 : i64
      %tid = gpu.thread_id x
      %s = memref.subview %S[%tid] [1] [1] : !S to !E
      %a = memref.subview %A[%tid] [1] [1] : memref<32xi32> to !G
      %w = tile.alloc_local : !R
      tile.apply "cvta.to.shared.u64" (%w, %s) scope(thread) : !R, !E
      %wv = memref.load %w[%c0] : !R
      memref.store %wv, %Out[%tid, %c0] : memref<32x4xi64>
      %g = tile.alloc_local : !R
      tile.apply "cvta.shared::cta.u64" (%g, %wv) scope(thread) : !R, i64
      %g0 = tile.alloc_local : !R
      tile.apply "cvta.shared.u64" (%g0, %base) scope(thread) : !R, i64
      %gv = memref.load %g[%c0] : !R
      %g0v = memref.load %g0[%c0] : !R
      %dg = arith.subi %gv, %g0v : i64
      memref.store %dg, %Out[%tid, %c1] : memref<32x4xi64>
      %ga = tile.alloc_local : !R
      tile.apply "cvta.to.global.u64" (%ga, %a) scope(thread) : !R, !G
      %gav = memref.load %ga[%c0] : !R
      %p = memref.extract_aligned_pointer_as_index %A : memref<32xi32> -> index
      %pi = arith.index_cast %p : index to i64
      %da = arith.subi %gav, %pi : i64
      memref.store %da, %Out[%tid, %c2] : memref<32x4xi64>
      %gg = tile.alloc_local : !R
      tile.apply "cvta.global.u64" (%gg, %gav) scope(thread) : !R, i64
      %ggv = memref.load %gg[%c0] : !R
      %d0 = arith.subi %ggv, %gav : i64
      memref.store %d0, %Out[%tid, %c3] : memref<32x4xi64>
      gpu.return
    }
  }
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %a = gpu.alloc () : memref<32xi32>
    %o = gpu.alloc () : memref<32x4xi64>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<32xi32>, %o : memref<32x4xi64>)
    %h = memref.alloc() : memref<32x4xi64>
    gpu.memcpy %h, %o : memref<32x4xi64>, memref<32x4xi64>
    %u = memref.cast %h : memref<32x4xi64> to memref<*xi64>
    call @printMemrefI64(%u) : (memref<*xi64>) -> ()
    return
  }
}
