// Tensor copies in im2col mode, one CTA of 32 threads. A is a 2x4x4x8 f32
// tensor (N, H, W, C) with A[n][h][w][c] = 1000 n + 100 h + 10 w + c; C
// starts as -1. The host encodes two im2col tensor maps
// (tileTensorMapEncodeIm2col: cuTensorMapEncodeIm2col), each copy 20
// pixels of 8 channels (640 bytes), no swizzle, zero fill:
//   mapA over A, the bounding box's corners (H, W) lower (-1, -1) and
//   upper (-1, -1): pixel bases run over h, w in [-1, 3), W first, then H,
//   then the next image;
//   mapC over C, corners 0 and 0 (a store's box must lie in the tensor).
// Thread 0:
//   1. loads through mapA from (c, w, h, n) = (0, -1, -1, 0) with offsets
//      (w, h) = (1, 1) into S1: the bases (-1..2, -1..2) plus the offsets
//      are A's pixels in order, so S1's rows are A[0]'s 16 pixels, then
//      A[1][0][0..3];
//   2. loads from (0, 1, -1, 0) with offsets (0, 0) into S2: the bases
//      (h, w) = (-1, 1), (-1, 2), (0, -1), (0, 0), (0, 1), (0, 2), (1, -1),
//      (1, 0), ...: rows 0, 1, 2 and 6 lie outside A (zeros), row 3 is
//      A[0][0][0], rows 4, 5 A[0][0][1..2], row 7 A[0][1][0];
//   3. stores S1 through mapC at (0, 2, 1, 0) (.im2col_no_offs): its 20
//      pixels go to C's pixels from (n, h, w) = (0, 1, 2) on: C[0][1][2]
//      gets S1's row 0 (A[0][0][0]), ..., C[0][3][3] row 9 (A[0][2][1]),
//      C[1][0][0] row 10 (A[0][2][2]), ..., C[1][2][1] row 19
//      (A[1][0][3]); the rest of C stays -1.
// The CPU backend runs it too (Integration/CPU/tensor-copy.test); the
// H200's behaviour over many random im2col maps is recorded in
// docs/gpu-logs/2026-12-06-im2col.txt (CpuRuntime/Im2colTest.cpp).
// RUN: tile-runner %s | FileCheck %s
// S1, rows 0, 1, 15, 16 and 19:
// CHECK: {{\[\[}}0, 1, 2, 3, 4, 5, 6, 7],
// CHECK-NEXT: [10, 11, 12, 13, 14, 15, 16, 17],
// CHECK: [330, 331, 332, 333, 334, 335, 336, 337],
// CHECK-NEXT: [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007],
// CHECK: [1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037]]
// S2, rows 0 to 7:
// CHECK: {{\[\[}}0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7],
// CHECK-NEXT: [10, 11, 12, 13, 14, 15, 16, 17],
// CHECK-NEXT: [20, 21, 22, 23, 24, 25, 26, 27],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [100, 101, 102, 103, 104, 105, 106, 107]]
// C's channel 0, image 0 then image 1 (rows h, columns w):
// CHECK: {{\[\[}}[-1, -1, -1, -1],
// CHECK-NEXT: [-1, -1, 0, 10],
// CHECK-NEXT: [20, 30, 100, 110],
// CHECK-NEXT: [120, 130, 200, 210]],
// CHECK-NEXT: {{\[\[}}220, 230, 300, 310],
// CHECK-NEXT: [320, 330, 1000, 1010],
// CHECK-NEXT: [1020, 1030, -1, -1],
// CHECK-NEXT: [-1, -1, -1, -1]]]
// C[1][1][1][0..7] (row 15: A[0][3][3]):
// CHECK: [330, 331, 332, 333, 334, 335, 336, 337]
#WS = #gpu.address_space<workgroup>
!T = memref<2x4x4x8xf32>
!Map = memref<128xi8>
!Box = memref<160xf32, #WS>
!Bar = memref<1xi64, #WS>
!C4 = memref<4xi32, #tile.reg>
!O2 = memref<2xi16, #tile.reg>
!I = memref<*xi32>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%mapA: !Map, %mapC: !Map, %B1: memref<160xf32>,
                %B2: memref<160xf32>)
        workgroup(%S1: !Box, %S2: !Box, %bar: !Bar) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %minus1 = arith.constant -1 : i32
      %o1 = arith.constant 1 : i16
      %o0 = arith.constant 0 : i16
      %bytes = arith.constant 1280 : i32
      %copy = arith.constant 640 : i32
      %true = arith.constant true
      %tid = gpu.thread_id x
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !Bar, i32
        tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      }
      gpu.barrier
      scf.if %is0 {
        %st = tile.alloc_local : memref<1xi64, #tile.reg>
        tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : memref<1xi64, #tile.reg>, !Bar, i32
        %at = tile.alloc_local : !C4
        memref.store %zero, %at[%c0] : !C4
        memref.store %minus1, %at[%c1] : !C4
        memref.store %minus1, %at[%c2] : !C4
        memref.store %zero, %at[%c3] : !C4
        %off = tile.alloc_local : !O2
        memref.store %o1, %off[%c0] : !O2
        memref.store %o1, %off[%c1] : !O2
        tile.apply "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes" (%S1, %mapA, %at, %bar, %off) scope(thread) : !Box, !Map, !C4, !Bar, !O2
        %at2 = tile.alloc_local : !C4
        memref.store %zero, %at2[%c0] : !C4
        memref.store %one, %at2[%c1] : !C4
        memref.store %minus1, %at2[%c2] : !C4
        memref.store %zero, %at2[%c3] : !C4
        %off2 = tile.alloc_local : !O2
        memref.store %o0, %off2[%c0] : !O2
        memref.store %o0, %off2[%c1] : !O2
        tile.apply "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes" (%S2, %mapA, %at2, %bar, %off2) scope(thread) : !Box, !Map, !C4, !Bar, !O2
      }
      %p = tile.alloc_local : memref<1xi1, #tile.reg>
      scf.while : () -> () {
        tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : memref<1xi1, #tile.reg>, !Bar, i32
        %done = memref.load %p[%c0] : memref<1xi1, #tile.reg>
        %again = arith.xori %done, %true : i1
        scf.condition(%again)
      } do {
        scf.yield
      }
      scf.if %is0 {
        %at = tile.alloc_local : !C4
        memref.store %zero, %at[%c0] : !C4
        memref.store %two, %at[%c1] : !C4
        memref.store %one, %at[%c2] : !C4
        memref.store %zero, %at[%c3] : !C4
        tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%B1, %S1, %copy) scope(thread) : memref<160xf32>, !Box, i32
        tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%B2, %S2, %copy) scope(thread) : memref<160xf32>, !Box, i32
        tile.apply "cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group" (%mapC, %at, %S1) scope(thread) : !Map, !C4, !Box
        tile.apply "cp.async.bulk.commit_group" () scope(thread)
        tile.apply "cp.async.bulk.wait_group" (%zero) scope(thread) : i32
      }
      gpu.return
    }
  }

  func.func private @tileTensorMapEncodeIm2col(memref<*xi8>, memref<*xf32>, i32, !I, !I, !I, i32, i32, i32, i32)
  func.func private @printMemrefF32(memref<*xf32>)

  /// A memref<Nxi32> of `v` in every element, unranked.
  func.func @filled(%n: index, %v: i32) -> !I {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %v, %m[%i] : memref<?xi32>
    }
    %u = memref.cast %m : memref<?xi32> to !I
    return %u : !I
  }

  /// A memref<2xi32> of (`a`, `b`), unranked (the asymmetric corners of
  /// Integration/CPU/im2col-errors.test's ORDER run).
  func.func @pair(%a: i32, %b: i32) -> !I {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.alloc() : memref<2xi32>
    memref.store %a, %m[%c0] : memref<2xi32>
    memref.store %b, %m[%c1] : memref<2xi32>
    %u = memref.cast %m : memref<2xi32> to !I
    return %u : !I
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c10 = arith.constant 10 : index
    %c100 = arith.constant 100 : index
    %c1000 = arith.constant 1000 : index
    %mone = arith.constant -1.0 : f32
    %f32 = arith.constant 7 : i32
    %none = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %im1 = arith.constant -1 : i32
    %cpp = arith.constant 8 : i32
    %ppc = arith.constant 20 : i32
    %hA = memref.alloc() : !T
    %hC = memref.alloc() : !T
    scf.for %n = %c0 to %c2 step %c1 {
      scf.for %h = %c0 to %c4 step %c1 {
        scf.for %w = %c0 to %c4 step %c1 {
          scf.for %c = %c0 to %c8 step %c1 {
            %n1000 = arith.muli %n, %c1000 : index
            %h100 = arith.muli %h, %c100 : index
            %w10 = arith.muli %w, %c10 : index
            %s1 = arith.addi %n1000, %h100 : index
            %s2 = arith.addi %s1, %w10 : index
            %s3 = arith.addi %s2, %c : index
            %i = arith.index_cast %s3 : index to i32
            %v = arith.sitofp %i : i32 to f32
            memref.store %v, %hA[%n, %h, %w, %c] : !T
            memref.store %mone, %hC[%n, %h, %w, %c] : !T
          }
        }
      }
    }
    %dA = gpu.alloc () : !T
    %dC = gpu.alloc () : !T
    %dB1 = gpu.alloc () : memref<160xf32>
    %dB2 = gpu.alloc () : memref<160xf32>
    gpu.memcpy %dA, %hA : !T, !T
    gpu.memcpy %dC, %hC : !T, !T
    %pad = func.call @filled(%c2, %im1) : (index, i32) -> !I
    %flat = func.call @filled(%c2, %none) : (index, i32) -> !I
    %ones = func.call @filled(%c4, %i1) : (index, i32) -> !I
    %mapA = gpu.alloc () : !Map
    %mapC = gpu.alloc () : !Map
    %umA = memref.cast %mapA : !Map to memref<*xi8>
    %umC = memref.cast %mapC : !Map to memref<*xi8>
    %uA = memref.cast %dA : !T to memref<*xf32>
    %uC = memref.cast %dC : !T to memref<*xf32>
    call @tileTensorMapEncodeIm2col(%umA, %uA, %f32, %pad, %pad, %ones, %cpp, %ppc, %none, %none) : (memref<*xi8>, memref<*xf32>, i32, !I, !I, !I, i32, i32, i32, i32) -> ()
    call @tileTensorMapEncodeIm2col(%umC, %uC, %f32, %flat, %flat, %ones, %cpp, %ppc, %none, %none) : (memref<*xi8>, memref<*xf32>, i32, !I, !I, !I, i32, i32, i32, i32) -> ()
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1)
        args(%mapA : !Map, %mapC : !Map, %dB1 : memref<160xf32>,
             %dB2 : memref<160xf32>)
    %hB1 = memref.alloc() : memref<20x8xf32>
    %hB2 = memref.alloc() : memref<20x8xf32>
    %dB1v = memref.reinterpret_cast %dB1 to offset: [0], sizes: [20, 8], strides: [8, 1] : memref<160xf32> to memref<20x8xf32>
    %dB2v = memref.reinterpret_cast %dB2 to offset: [0], sizes: [20, 8], strides: [8, 1] : memref<160xf32> to memref<20x8xf32>
    gpu.memcpy %hB1, %dB1v : memref<20x8xf32>, memref<20x8xf32>
    gpu.memcpy %hB2, %dB2v : memref<20x8xf32>, memref<20x8xf32>
    gpu.memcpy %hC, %dC : !T, !T
    %u1 = memref.cast %hB1 : memref<20x8xf32> to memref<*xf32>
    call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
    %r2 = memref.subview %hB2[0, 0] [8, 8] [1, 1] : memref<20x8xf32> to memref<8x8xf32, strided<[8, 1]>>
    %u2 = memref.cast %r2 : memref<8x8xf32, strided<[8, 1]>> to memref<*xf32>
    call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
    %ch0 = memref.subview %hC[0, 0, 0, 0] [2, 4, 4, 1] [1, 1, 1, 1] : !T to memref<2x4x4xf32, strided<[128, 32, 8]>>
    %u3 = memref.cast %ch0 : memref<2x4x4xf32, strided<[128, 32, 8]>> to memref<*xf32>
    call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
    %px = memref.subview %hC[1, 1, 1, 0] [1, 1, 1, 8] [1, 1, 1, 1] : !T to memref<8xf32, strided<[1], offset: 168>>
    %u4 = memref.cast %px : memref<8xf32, strided<[1], offset: 168>> to memref<*xf32>
    call @printMemrefF32(%u4) : (memref<*xf32>) -> ()
    return
  }
}
