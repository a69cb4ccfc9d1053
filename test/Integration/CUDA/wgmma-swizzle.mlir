// tile.wgmma_desc and the 128-byte swizzle on sm_90a: one warpgroup
// computes D = A B - A[:, 48:64] B[48:64, :] for A 64 x 64 and B 64 x 32
// (bf16) into f32 with five m64n32k16 instructions: the four k16 steps of
// A B (the first with scale-d false), then the last step again with
// imm-scale-a -1. The threads
// store A and B^T K-major in rows of 128 bytes (64 bf16), each 16-byte
// chunk moved as the ISA's 128-byte swizzle says: address bits 4-6
// exclusive-ored with bits 7-9 of the shared address. Each k16 step's
// descriptors come from tile.wgmma_desc on views that start 32 bytes
// further along the rows (swizzle 128B, SBO 1024: the next 8 rows; LBO
// unused). Thread t holds rows 16 (t / 32) + (t % 32) / 4 (+ 8), columns
// 2 (t % 4) (+ 1) of each block of 8 columns. A[m][k] = (5m + 3k) mod 11 -
// 5, B[k][n] = (7n + 2k) mod 13 - 6: every value is exact in f32, and the
// expected lines are numpy's.
// The CPU backend runs it too (Integration/CPU/wgmma.test).
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}-9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38],
// CHECK-NEXT: [72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23],
// CHECK-NEXT: [-56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41],
// CHECK-NEXT: [-41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40],
// CHECK-NEXT: [-81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33],
// CHECK-NEXT: [-33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81],
// CHECK-NEXT: [-40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41],
// CHECK-NEXT: [41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56],
// CHECK-NEXT: [23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72],
// CHECK-NEXT: [38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9],
// CHECK-NEXT: [86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86],
// CHECK-NEXT: [-9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38],
// CHECK-NEXT: [72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23],
// CHECK-NEXT: [-56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41],
// CHECK-NEXT: [-41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40],
// CHECK-NEXT: [-81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33],
// CHECK-NEXT: [-33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81],
// CHECK-NEXT: [-40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41],
// CHECK-NEXT: [41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56],
// CHECK-NEXT: [23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72],
// CHECK-NEXT: [38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9],
// CHECK-NEXT: [86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86],
// CHECK-NEXT: [-9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38],
// CHECK-NEXT: [72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23],
// CHECK-NEXT: [-56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41],
// CHECK-NEXT: [-41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40],
// CHECK-NEXT: [-81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33],
// CHECK-NEXT: [-33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81],
// CHECK-NEXT: [-40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41],
// CHECK-NEXT: [41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56],
// CHECK-NEXT: [23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72],
// CHECK-NEXT: [38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9],
// CHECK-NEXT: [86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86],
// CHECK-NEXT: [-9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38],
// CHECK-NEXT: [72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23],
// CHECK-NEXT: [-56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41],
// CHECK-NEXT: [-41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40],
// CHECK-NEXT: [-81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33],
// CHECK-NEXT: [-33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81],
// CHECK-NEXT: [-40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41],
// CHECK-NEXT: [41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56],
// CHECK-NEXT: [23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72],
// CHECK-NEXT: [38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9],
// CHECK-NEXT: [86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86],
// CHECK-NEXT: [-9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38],
// CHECK-NEXT: [72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23],
// CHECK-NEXT: [-56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41],
// CHECK-NEXT: [-41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40],
// CHECK-NEXT: [-81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33],
// CHECK-NEXT: [-33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81],
// CHECK-NEXT: [-40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41],
// CHECK-NEXT: [41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56],
// CHECK-NEXT: [23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72],
// CHECK-NEXT: [38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9, 44, -85, 111, -70, 87, 10, -15, 38, -26, -12, -11, -62, -9],
// CHECK-NEXT: [86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86, -57, 34, -44, -70, -44, 34, -57, 86, -44, 60, 60, -44, 86],
// CHECK-NEXT: [-9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38, -15, 10, 87, -70, 111, -85, 44, -9, -62, -11, -12, -26, 38],
// CHECK-NEXT: [72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23, -83, 19, -35, -37, 13, -28, 35, 72, -47, 94, -51, 25, 23],
// CHECK-NEXT: [-56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41, -41, 72, -36, 51, 47, -48, 26, -56, -21, 1, -68, 32, 41],
// CHECK-NEXT: [-41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40, -32, 15, -81, 18, 26, -57, 94, -41, 71, 40, -30, 17, -40],
// CHECK-NEXT: [-81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33, 65, 46, -38, 73, -50, 22, -36, -81, -35, 24, -47, 90, -33],
// CHECK-NEXT: [-33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81, -36, 22, -50, 73, -38, 46, 65, -33, 90, -47, 24, -35, -81],
// CHECK-NEXT: [-40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41, 94, -57, 26, 18, -81, 15, -32, -40, 17, -30, 40, 71, -41],
// CHECK-NEXT: [41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56, 26, -48, 47, 51, -36, 72, -41, 41, 32, -68, 1, -21, -56],
// CHECK-NEXT: [23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72, 35, -28, 13, -37, -35, 19, -83, 23, 25, -51, 94, -47, 72]]
#WS = #gpu.address_space<workgroup>
!D = memref<4x32x16xf32, strided<[0, 0, 1]>, #tile.reg>
!S = memref<64x64xbf16, strided<[64, 1], offset: ?>, #WS>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    /// The element of a buffer of 128-byte rows (64 bf16) where row r,
    /// column c sits under the 128-byte swizzle: the 16-byte chunk of the
    /// shared address exclusive-ored with its row within 8 rows (address
    /// bits 4-6 with bits 7-9), from the buffer's address `base`.
    func.func @swizzled(%base: index, %r: index, %c: index) -> index {
      %c2 = arith.constant 2 : index
      %c7 = arith.constant 7 : index
      %c16 = arith.constant 16 : index
      %c128 = arith.constant 128 : index
      %rb = arith.muli %r, %c128 : index
      %cb = arith.muli %c, %c2 : index
      %off = arith.addi %rb, %cb : index
      %addr = arith.addi %base, %off : index
      %row8 = arith.divui %addr, %c128 : index
      %row = arith.remui %row8, %c16 : index
      %row7 = arith.andi %row, %c7 : index
      %x = arith.muli %row7, %c16 : index
      %phys = arith.xori %addr, %x : index
      %bytes = arith.subi %phys, %base : index
      %e = arith.divui %bytes, %c2 : index
      return %e : index
    }
    gpu.func @k(%A: memref<4096xbf16>, %B: memref<2048xbf16>, %O: memref<64x32xf32>)
        workgroup(%SA: memref<4096xbf16, #WS>, %SB: memref<2048xbf16, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c2048 = arith.constant 2048 : index
      %c4096 = arith.constant 4096 : index
      %tid = gpu.thread_id x
      %baseA = memref.extract_aligned_pointer_as_index %SA : memref<4096xbf16, #WS> -> index
      %baseB = memref.extract_aligned_pointer_as_index %SB : memref<2048xbf16, #WS> -> index
      // A (64 x 64, row m of K) and B^T (32 x 64, row n of K), K-major.
      scf.for %i = %tid to %c4096 step %c128 {
        %m = arith.divui %i, %c64 : index
        %k = arith.remui %i, %c64 : index
        %v = memref.load %A[%i] : memref<4096xbf16>
        %e = func.call @swizzled(%baseA, %m, %k) : (index, index, index) -> index
        memref.store %v, %SA[%e] : memref<4096xbf16, #WS>
      }
      scf.for %i = %tid to %c2048 step %c128 {
        %kk = arith.divui %i, %c32 : index
        %n = arith.remui %i, %c32 : index
        %v = memref.load %B[%i] : memref<2048xbf16>
        %e = func.call @swizzled(%baseB, %n, %kk) : (index, index, index) -> index
        memref.store %v, %SB[%e] : memref<2048xbf16, #WS>
      }
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      gpu.barrier
      %true = arith.constant true
      %false = arith.constant false
      %one = arith.constant 1 : i32
      %neg = arith.constant -1 : i32
      %zero = arith.constant 0 : i32
      %d = tile.alloc_local : !D
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      // The four k16 steps, two a trip: each descriptor starts 32 bytes
      // further along the swizzled rows. Then k 48-63 subtracted
      // (imm-scale-a -1).
      scf.for %j = %c0 to %c4 step %c2 {
        %k0 = arith.muli %j, %c16 : index
        %a = memref.reinterpret_cast %SA to offset: [%k0], sizes: [64, 64], strides: [64, 1] : memref<4096xbf16, #WS> to !S
        %b = memref.reinterpret_cast %SB to offset: [%k0], sizes: [64, 64], strides: [64, 1] : memref<2048xbf16, #WS> to !S
        %da = tile.wgmma_desc %a swizzle("128B") lbo(16) sbo(1024) : !S
        %db = tile.wgmma_desc %b swizzle("128B") lbo(16) sbo(1024) : !S
        %first = arith.cmpi ne, %j, %c0 : index
        tile.apply "wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16" (%d, %da, %db, %first, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
        %k1 = arith.addi %k0, %c16 : index
        %a1 = memref.reinterpret_cast %SA to offset: [%k1], sizes: [64, 64], strides: [64, 1] : memref<4096xbf16, #WS> to !S
        %b1 = memref.reinterpret_cast %SB to offset: [%k1], sizes: [64, 64], strides: [64, 1] : memref<2048xbf16, #WS> to !S
        %da1 = tile.wgmma_desc %a1 swizzle("128B") lbo(16) sbo(1024) : !S
        %db1 = tile.wgmma_desc %b1 swizzle("128B") lbo(16) sbo(1024) : !S
        tile.apply "wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16" (%d, %da1, %db1, %true, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      }
      %a3 = memref.reinterpret_cast %SA to offset: [48], sizes: [64, 64], strides: [64, 1] : memref<4096xbf16, #WS> to !S
      %b3 = memref.reinterpret_cast %SB to offset: [48], sizes: [64, 64], strides: [64, 1] : memref<2048xbf16, #WS> to !S
      %da3 = tile.wgmma_desc %a3 swizzle("128B") lbo(16) sbo(1024) : !S
      %db3 = tile.wgmma_desc %b3 swizzle("128B") lbo(16) sbo(1024) : !S
      tile.apply "wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16" (%d, %da3, %db3, %true, %neg, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      %w = arith.divui %tid, %c32 : index
      %l = arith.remui %tid, %c32 : index
      %g = arith.divui %l, %c4 : index
      %t4 = arith.remui %l, %c4 : index
      %w16 = arith.muli %w, %c16 : index
      %row = arith.addi %w16, %g : index
      %r32 = arith.muli %row, %c32 : index
      %t2 = arith.muli %t4, %c2 : index
      %off = arith.addi %r32, %t2 : index
      %out = memref.reinterpret_cast %O to offset: [%off], sizes: [4, 2, 2], strides: [8, 256, 1] : memref<64x32xf32> to memref<4x2x2xf32, strided<[8, 256, 1], offset: ?>>
      %own = memref.reinterpret_cast %d to offset: [0], sizes: [4, 2, 2], strides: [4, 2, 1] : !D to memref<4x2x2xf32, strided<[4, 2, 1]>, #tile.reg>
      tile.apply "st.global.v2.f32" (%out, %own) scope(thread) : memref<4x2x2xf32, strided<[8, 256, 1], offset: ?>>, memref<4x2x2xf32, strided<[4, 2, 1]>, #tile.reg>
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
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %s5 = arith.constant 5 : i32
    %s6 = arith.constant 6 : i32
    %A = memref.alloc() : memref<4096xbf16>
    %B = memref.alloc() : memref<2048xbf16>
    scf.for %k = %c0 to %c64 step %c1 {
      scf.for %m = %c0 to %c64 step %c1 {
        %a = func.call @entry(%m, %c5, %k, %c3, %c11, %s5) : (index, index, index, index, index, i32) -> bf16
        %m64 = arith.muli %m, %c64 : index
        %i = arith.addi %m64, %k : index
        memref.store %a, %A[%i] : memref<4096xbf16>
      }
      scf.for %n = %c0 to %c32 step %c1 {
        %b = func.call @entry(%n, %c7, %k, %c2, %c13, %s6) : (index, index, index, index, index, i32) -> bf16
        %k32 = arith.muli %k, %c32 : index
        %i = arith.addi %k32, %n : index
        memref.store %b, %B[%i] : memref<2048xbf16>
      }
    }
    %dA = gpu.alloc () : memref<4096xbf16>
    %dB = gpu.alloc () : memref<2048xbf16>
    %dO = gpu.alloc () : memref<64x32xf32>
    gpu.memcpy %dA, %A : memref<4096xbf16>, memref<4096xbf16>
    gpu.memcpy %dB, %B : memref<2048xbf16>, memref<2048xbf16>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%dA : memref<4096xbf16>, %dB : memref<2048xbf16>, %dO : memref<64x32xf32>)
    %h = memref.alloc() : memref<64x32xf32>
    gpu.memcpy %h, %dO : memref<64x32xf32>, memref<64x32xf32>
    %u = memref.cast %h : memref<64x32xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
