// wgmma.mma_async from shared-memory descriptors on sm_90a: one warpgroup
// computes D = A B for A 64 x 32 and B 32 x 16 (bf16) into f32 with two
// m64n16k16 instructions, k 0-15 with scale-d false (D = A B) and k 16-31
// with scale-d true (D += A B), between wgmma.fence and commit_group /
// wait_group 0. The threads copy A and B into shared memory in the K-major
// layout without swizzle (8 x 8 core matrices of 128 bytes, the next along
// K 128 bytes on (LBO), the next 8 rows 512 bytes on (SBO)), fence the
// async proxy, and build each descriptor from the buffer's shared address
// with arith (start >> 4 in bits 0-13, LBO >> 4 in 16-29, SBO >> 4 in
// 32-45). Thread t holds rows 16 (t / 32) + (t % 32) / 4 (+ 8), columns
// 2 (t % 4) (+ 1) of each block of 8 columns. A[m][k] = (5m + 3k) mod 11 -
// 5, B[k][n] = (7n + 2k) mod 13 - 6: every value is exact in f32, and the
// expected lines are numpy's A @ B.
// The CPU backend runs it too (Integration/CPU/wgmma.test).
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}25, -61, 35, 1, 6, 11, -49, 8, 0, -8, 62, -76, 46, 25, -61, 35],
// CHECK-NEXT: [6, 1, 35, -61, 25, 46, -76, 62, -8, 0, 8, -49, 11, 6, 1, 35],
// CHECK-NEXT: [-13, -14, 24, -68, 22, -18, 7, 6, -60, 30, 42, -11, 53, -13, -14, 24],
// CHECK-NEXT: [-43, 37, 13, 2, 30, 6, -31, 49, -79, 27, -23, 5, 7, -43, 37, 13],
// CHECK-NEXT: [-73, 11, -9, -16, 16, -69, 41, -18, 1, 46, 0, 32, 38, -73, 11, -9],
// CHECK-NEXT: [29, 51, -31, 43, 13, -56, -8, 14, -29, 32, -76, 37, -19, 29, 51, -31],
// CHECK-NEXT: [-12, 14, -64, 14, -12, 1, 53, -64, 40, 40, -64, 53, 1, -12, 14, -64],
// CHECK-NEXT: [13, 43, -31, 51, 29, -19, 37, -76, 32, -29, 14, -8, -56, 13, 43, -31],
// CHECK-NEXT: [16, -16, -9, 11, -73, 38, 32, 0, 46, 1, -18, 41, -69, 16, -16, -9],
// CHECK-NEXT: [30, 2, 13, 37, -43, 7, 5, -23, 27, -79, 49, -31, 6, 30, 2, 13],
// CHECK-NEXT: [22, -68, 24, -14, -13, 53, -11, 42, 30, -60, 6, 7, -18, 22, -68, 24],
// CHECK-NEXT: [25, -61, 35, 1, 6, 11, -49, 8, 0, -8, 62, -76, 46, 25, -61, 35],
// CHECK-NEXT: [6, 1, 35, -61, 25, 46, -76, 62, -8, 0, 8, -49, 11, 6, 1, 35],
// CHECK-NEXT: [-13, -14, 24, -68, 22, -18, 7, 6, -60, 30, 42, -11, 53, -13, -14, 24],
// CHECK-NEXT: [-43, 37, 13, 2, 30, 6, -31, 49, -79, 27, -23, 5, 7, -43, 37, 13],
// CHECK-NEXT: [-73, 11, -9, -16, 16, -69, 41, -18, 1, 46, 0, 32, 38, -73, 11, -9],
// CHECK-NEXT: [29, 51, -31, 43, 13, -56, -8, 14, -29, 32, -76, 37, -19, 29, 51, -31],
// CHECK-NEXT: [-12, 14, -64, 14, -12, 1, 53, -64, 40, 40, -64, 53, 1, -12, 14, -64],
// CHECK-NEXT: [13, 43, -31, 51, 29, -19, 37, -76, 32, -29, 14, -8, -56, 13, 43, -31],
// CHECK-NEXT: [16, -16, -9, 11, -73, 38, 32, 0, 46, 1, -18, 41, -69, 16, -16, -9],
// CHECK-NEXT: [30, 2, 13, 37, -43, 7, 5, -23, 27, -79, 49, -31, 6, 30, 2, 13],
// CHECK-NEXT: [22, -68, 24, -14, -13, 53, -11, 42, 30, -60, 6, 7, -18, 22, -68, 24],
// CHECK-NEXT: [25, -61, 35, 1, 6, 11, -49, 8, 0, -8, 62, -76, 46, 25, -61, 35],
// CHECK-NEXT: [6, 1, 35, -61, 25, 46, -76, 62, -8, 0, 8, -49, 11, 6, 1, 35],
// CHECK-NEXT: [-13, -14, 24, -68, 22, -18, 7, 6, -60, 30, 42, -11, 53, -13, -14, 24],
// CHECK-NEXT: [-43, 37, 13, 2, 30, 6, -31, 49, -79, 27, -23, 5, 7, -43, 37, 13],
// CHECK-NEXT: [-73, 11, -9, -16, 16, -69, 41, -18, 1, 46, 0, 32, 38, -73, 11, -9],
// CHECK-NEXT: [29, 51, -31, 43, 13, -56, -8, 14, -29, 32, -76, 37, -19, 29, 51, -31],
// CHECK-NEXT: [-12, 14, -64, 14, -12, 1, 53, -64, 40, 40, -64, 53, 1, -12, 14, -64],
// CHECK-NEXT: [13, 43, -31, 51, 29, -19, 37, -76, 32, -29, 14, -8, -56, 13, 43, -31],
// CHECK-NEXT: [16, -16, -9, 11, -73, 38, 32, 0, 46, 1, -18, 41, -69, 16, -16, -9],
// CHECK-NEXT: [30, 2, 13, 37, -43, 7, 5, -23, 27, -79, 49, -31, 6, 30, 2, 13],
// CHECK-NEXT: [22, -68, 24, -14, -13, 53, -11, 42, 30, -60, 6, 7, -18, 22, -68, 24],
// CHECK-NEXT: [25, -61, 35, 1, 6, 11, -49, 8, 0, -8, 62, -76, 46, 25, -61, 35],
// CHECK-NEXT: [6, 1, 35, -61, 25, 46, -76, 62, -8, 0, 8, -49, 11, 6, 1, 35],
// CHECK-NEXT: [-13, -14, 24, -68, 22, -18, 7, 6, -60, 30, 42, -11, 53, -13, -14, 24],
// CHECK-NEXT: [-43, 37, 13, 2, 30, 6, -31, 49, -79, 27, -23, 5, 7, -43, 37, 13],
// CHECK-NEXT: [-73, 11, -9, -16, 16, -69, 41, -18, 1, 46, 0, 32, 38, -73, 11, -9],
// CHECK-NEXT: [29, 51, -31, 43, 13, -56, -8, 14, -29, 32, -76, 37, -19, 29, 51, -31],
// CHECK-NEXT: [-12, 14, -64, 14, -12, 1, 53, -64, 40, 40, -64, 53, 1, -12, 14, -64],
// CHECK-NEXT: [13, 43, -31, 51, 29, -19, 37, -76, 32, -29, 14, -8, -56, 13, 43, -31],
// CHECK-NEXT: [16, -16, -9, 11, -73, 38, 32, 0, 46, 1, -18, 41, -69, 16, -16, -9],
// CHECK-NEXT: [30, 2, 13, 37, -43, 7, 5, -23, 27, -79, 49, -31, 6, 30, 2, 13],
// CHECK-NEXT: [22, -68, 24, -14, -13, 53, -11, 42, 30, -60, 6, 7, -18, 22, -68, 24],
// CHECK-NEXT: [25, -61, 35, 1, 6, 11, -49, 8, 0, -8, 62, -76, 46, 25, -61, 35],
// CHECK-NEXT: [6, 1, 35, -61, 25, 46, -76, 62, -8, 0, 8, -49, 11, 6, 1, 35],
// CHECK-NEXT: [-13, -14, 24, -68, 22, -18, 7, 6, -60, 30, 42, -11, 53, -13, -14, 24],
// CHECK-NEXT: [-43, 37, 13, 2, 30, 6, -31, 49, -79, 27, -23, 5, 7, -43, 37, 13],
// CHECK-NEXT: [-73, 11, -9, -16, 16, -69, 41, -18, 1, 46, 0, 32, 38, -73, 11, -9],
// CHECK-NEXT: [29, 51, -31, 43, 13, -56, -8, 14, -29, 32, -76, 37, -19, 29, 51, -31],
// CHECK-NEXT: [-12, 14, -64, 14, -12, 1, 53, -64, 40, 40, -64, 53, 1, -12, 14, -64],
// CHECK-NEXT: [13, 43, -31, 51, 29, -19, 37, -76, 32, -29, 14, -8, -56, 13, 43, -31],
// CHECK-NEXT: [16, -16, -9, 11, -73, 38, 32, 0, 46, 1, -18, 41, -69, 16, -16, -9],
// CHECK-NEXT: [30, 2, 13, 37, -43, 7, 5, -23, 27, -79, 49, -31, 6, 30, 2, 13],
// CHECK-NEXT: [22, -68, 24, -14, -13, 53, -11, 42, 30, -60, 6, 7, -18, 22, -68, 24],
// CHECK-NEXT: [25, -61, 35, 1, 6, 11, -49, 8, 0, -8, 62, -76, 46, 25, -61, 35],
// CHECK-NEXT: [6, 1, 35, -61, 25, 46, -76, 62, -8, 0, 8, -49, 11, 6, 1, 35],
// CHECK-NEXT: [-13, -14, 24, -68, 22, -18, 7, 6, -60, 30, 42, -11, 53, -13, -14, 24],
// CHECK-NEXT: [-43, 37, 13, 2, 30, 6, -31, 49, -79, 27, -23, 5, 7, -43, 37, 13],
// CHECK-NEXT: [-73, 11, -9, -16, 16, -69, 41, -18, 1, 46, 0, 32, 38, -73, 11, -9],
// CHECK-NEXT: [29, 51, -31, 43, 13, -56, -8, 14, -29, 32, -76, 37, -19, 29, 51, -31],
// CHECK-NEXT: [-12, 14, -64, 14, -12, 1, 53, -64, 40, 40, -64, 53, 1, -12, 14, -64],
// CHECK-NEXT: [13, 43, -31, 51, 29, -19, 37, -76, 32, -29, 14, -8, -56, 13, 43, -31],
// CHECK-NEXT: [16, -16, -9, 11, -73, 38, 32, 0, 46, 1, -18, 41, -69, 16, -16, -9]]
#WS = #gpu.address_space<workgroup>
!D = memref<4x32x8xf32, strided<[0, 0, 1]>, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    /// The row (or column) of element s of a K-major no-swizzle matrix of
    /// 32 K: 8 x 8 core matrices, 4 along K (LBO 128 bytes), then the next
    /// 8 rows (SBO 512 bytes).
    func.func @rowOf(%s: index) -> index {
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %hi = arith.divui %s, %c256 : index
      %hi8 = arith.muli %hi, %c8 : index
      %r = arith.divui %s, %c8 : index
      %lo = arith.remui %r, %c8 : index
      %row = arith.addi %hi8, %lo : index
      return %row : index
    }
    func.func @kOf(%s: index) -> index {
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c = arith.divui %s, %c64 : index
      %cm = arith.remui %c, %c4 : index
      %c8m = arith.muli %cm, %c8 : index
      %lo = arith.remui %s, %c8 : index
      %k = arith.addi %c8m, %lo : index
      return %k : index
    }
    /// A descriptor: start address, LBO 128, SBO 512, no swizzle.
    func.func @desc(%buf: memref<2048xbf16, #WS>, %bytes: index) -> i64 {
      %p = memref.extract_aligned_pointer_as_index %buf : memref<2048xbf16, #WS> -> index
      %a = arith.addi %p, %bytes : index
      %a64 = arith.index_cast %a : index to i64
      %mask = arith.constant 262143 : i64
      %am = arith.andi %a64, %mask : i64
      %c4 = arith.constant 4 : i64
      %start = arith.shrui %am, %c4 : i64
      %fields = arith.constant 137439477760 : i64
      %d = arith.ori %start, %fields : i64
      return %d : i64
    }
    gpu.func @k(%A: memref<2048xbf16>, %B: memref<512xbf16>, %O: memref<64x16xf32>)
        workgroup(%SA: memref<2048xbf16, #WS>, %SB: memref<2048xbf16, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %c512 = arith.constant 512 : index
      %c2048 = arith.constant 2048 : index
      %tid = gpu.thread_id x
      scf.for %s = %tid to %c2048 step %c128 {
        %m = func.call @rowOf(%s) : (index) -> index
        %k = func.call @kOf(%s) : (index) -> index
        %m32 = arith.muli %m, %c32 : index
        %i = arith.addi %m32, %k : index
        %v = memref.load %A[%i] : memref<2048xbf16>
        memref.store %v, %SA[%s] : memref<2048xbf16, #WS>
      }
      scf.for %s = %tid to %c512 step %c128 {
        %n = func.call @rowOf(%s) : (index) -> index
        %k = func.call @kOf(%s) : (index) -> index
        %k16 = arith.muli %k, %c16 : index
        %i = arith.addi %k16, %n : index
        %v = memref.load %B[%i] : memref<512xbf16>
        memref.store %v, %SB[%s] : memref<2048xbf16, #WS>
      }
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      gpu.barrier
      %a0 = func.call @desc(%SA, %c0) : (memref<2048xbf16, #WS>, index) -> i64
      %a1 = func.call @desc(%SA, %c256) : (memref<2048xbf16, #WS>, index) -> i64
      %b0 = func.call @desc(%SB, %c0) : (memref<2048xbf16, #WS>, index) -> i64
      %b1 = func.call @desc(%SB, %c256) : (memref<2048xbf16, #WS>, index) -> i64
      %false = arith.constant false
      %true = arith.constant true
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %d = tile.alloc_local : !D
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      // k 0-15 into D (scale-d false: D = A B), then k 16-31 added.
      tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16" (%d, %a0, %b0, %false, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16" (%d, %a1, %b1, %true, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      // Thread (w, l) holds rows 16 w + l / 4 (+ 8), columns 2 (l % 4)
      // (+ 1) of each block of 8 columns.
      %w = arith.divui %tid, %c32 : index
      %l = arith.remui %tid, %c32 : index
      %g = arith.divui %l, %c4 : index
      %t4 = arith.remui %l, %c4 : index
      %w16 = arith.muli %w, %c16 : index
      %row = arith.addi %w16, %g : index
      %r16 = arith.muli %row, %c16 : index
      %t2 = arith.muli %t4, %c2 : index
      %off = arith.addi %r16, %t2 : index
      %out = memref.reinterpret_cast %O to offset: [%off], sizes: [2, 2, 2], strides: [8, 128, 1] : memref<64x16xf32> to memref<2x2x2xf32, strided<[8, 128, 1], offset: ?>>
      %own = memref.reinterpret_cast %d to offset: [0], sizes: [2, 2, 2], strides: [4, 2, 1] : !D to memref<2x2x2xf32, strided<[4, 2, 1]>, #tile.reg>
      tile.apply "st.global.v2.f32" (%out, %own) scope(thread) : memref<2x2x2xf32, strided<[8, 128, 1], offset: ?>>, memref<2x2x2xf32, strided<[4, 2, 1]>, #tile.reg>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  /// (a x + b y) mod m - s, in bf16.
  func.func @entry(%x: index, %a: index, %y: index, %b: index, %m: index, %s: i32) -> bf16 {
    %ax = arith.muli %x, %a : index
    %by = arith.muli %y, %b : index
    %v = arith.addi %ax, %by : index
    %r = arith.remui %v, %m : index
    %ri = arith.index_cast %r : index to i32
    %x2 = arith.subi %ri, %s : i32
    %f = arith.sitofp %x2 : i32 to bf16
    return %f : bf16
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %s5 = arith.constant 5 : i32
    %s6 = arith.constant 6 : i32
    %A = memref.alloc() : memref<2048xbf16>
    %B = memref.alloc() : memref<512xbf16>
    scf.for %k = %c0 to %c32 step %c1 {
      scf.for %m = %c0 to %c64 step %c1 {
        %a = func.call @entry(%m, %c5, %k, %c3, %c11, %s5) : (index, index, index, index, index, i32) -> bf16
        %m32 = arith.muli %m, %c32 : index
        %i = arith.addi %m32, %k : index
        memref.store %a, %A[%i] : memref<2048xbf16>
      }
      scf.for %n = %c0 to %c16 step %c1 {
        %b = func.call @entry(%n, %c7, %k, %c2, %c13, %s6) : (index, index, index, index, index, i32) -> bf16
        %k16 = arith.muli %k, %c16 : index
        %i = arith.addi %k16, %n : index
        memref.store %b, %B[%i] : memref<512xbf16>
      }
    }
    %dA = gpu.alloc () : memref<2048xbf16>
    %dB = gpu.alloc () : memref<512xbf16>
    %dO = gpu.alloc () : memref<64x16xf32>
    gpu.memcpy %dA, %A : memref<2048xbf16>, memref<2048xbf16>
    gpu.memcpy %dB, %B : memref<512xbf16>, memref<512xbf16>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%dA : memref<2048xbf16>, %dB : memref<512xbf16>, %dO : memref<64x16xf32>)
    %h = memref.alloc() : memref<64x16xf32>
    gpu.memcpy %h, %dO : memref<64x16xf32>, memref<64x16xf32>
    %u = memref.cast %h : memref<64x16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
