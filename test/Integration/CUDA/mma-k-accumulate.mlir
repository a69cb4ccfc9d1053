// K accumulated through repeats, with a scalar accumulator: one warp computes
// D = A Bt^T + 1.5 for A 16 x 32 and Bt 8 x 32 (bf16) with one tile.apply of
// m16n8k16 over a repeat axis of 2 along which D has stride 0. The first
// repeat adds k 0-15 to the scalar c (every register of the fragment holds
// 1.5), the second adds k 16-31 to the first's d. The fragments come from
// shared memory through ldmatrix (.x4 for A, .x2 for Bt, both repeated over
// K). A[i][k] = (i + 2k) mod 7 - 3, Bt[j][k] = (3j + k) mod 5 - 2: every
// value is exact in f32, and the expected lines are numpy's A @ Bt.T + 1.5.
// Integration/CPU/mma-k-accumulate.test runs this file on the CPU backend.
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}-2.5, -2.5, 7.5, -2.5, 7.5, -2.5, -2.5, 7.5],
// CHECK-NEXT: [-5.5, 0.5, 6.5, -2.5, 8.5, -5.5, 0.5, 6.5],
// CHECK-NEXT: [5.5, 3.5, -8.5, 4.5, 2.5, 5.5, 3.5, -8.5],
// CHECK-NEXT: [2.5, 6.5, -9.5, 4.5, 3.5, 2.5, 6.5, -9.5],
// CHECK-NEXT: [6.5, 2.5, 3.5, 4.5, -9.5, 6.5, 2.5, 3.5],
// CHECK-NEXT: [3.5, 5.5, 2.5, 4.5, -8.5, 3.5, 5.5, 2.5],
// CHECK-NEXT: [0.5, -5.5, 8.5, -2.5, 6.5, 0.5, -5.5, 8.5],
// CHECK-NEXT: [-2.5, -2.5, 7.5, -2.5, 7.5, -2.5, -2.5, 7.5],
// CHECK-NEXT: [-5.5, 0.5, 6.5, -2.5, 8.5, -5.5, 0.5, 6.5],
// CHECK-NEXT: [5.5, 3.5, -8.5, 4.5, 2.5, 5.5, 3.5, -8.5],
// CHECK-NEXT: [2.5, 6.5, -9.5, 4.5, 3.5, 2.5, 6.5, -9.5],
// CHECK-NEXT: [6.5, 2.5, 3.5, 4.5, -9.5, 6.5, 2.5, 3.5],
// CHECK-NEXT: [3.5, 5.5, 2.5, 4.5, -8.5, 3.5, 5.5, 2.5],
// CHECK-NEXT: [0.5, -5.5, 8.5, -2.5, 6.5, 0.5, -5.5, 8.5],
// CHECK-NEXT: [-2.5, -2.5, 7.5, -2.5, 7.5, -2.5, -2.5, 7.5],
// CHECK-NEXT: [-5.5, 0.5, 6.5, -2.5, 8.5, -5.5, 0.5, 6.5]]
#WS = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<512xbf16>, %B: memref<256xbf16>, %O: memref<16x8xf32>)
        workgroup(%SA: memref<512xbf16, #WS>, %SB: memref<256xbf16, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c256 = arith.constant 256 : index
      %c512 = arith.constant 512 : index
      %cinit = arith.constant 1.5 : f32
      %tid = gpu.thread_id x
      scf.for %i = %tid to %c512 step %c32 {
        %v = memref.load %A[%i] : memref<512xbf16>
        memref.store %v, %SA[%i] : memref<512xbf16, #WS>
      }
      scf.for %i = %tid to %c256 step %c32 {
        %v = memref.load %B[%i] : memref<256xbf16>
        memref.store %v, %SB[%i] : memref<256xbf16, #WS>
      }
      gpu.barrier
      // A's matrices per k16 repeat: (k half, row half), as mma's a0..a3.
      %av = memref.reinterpret_cast %SA to offset: [0], sizes: [32, 2, 2, 2, 8, 8], strides: [0, 16, 8, 256, 32, 1] : memref<512xbf16, #WS> to memref<32x2x2x2x8x8xbf16, strided<[0, 16, 8, 256, 32, 1]>, #WS>
      %ra = tile.alloc_local : memref<32x2x4xi32, strided<[0, 4, 1]>, #tile.reg>
      tile.apply "ldmatrix.sync.aligned.m8n8.x4.shared.b16" (%ra, %av) scope(warp) : memref<32x2x4xi32, strided<[0, 4, 1]>, #tile.reg>, memref<32x2x2x2x8x8xbf16, strided<[0, 16, 8, 256, 32, 1]>, #WS>
      // Bt's per k16 repeat: (k half), as mma's b0, b1.
      %bv = memref.reinterpret_cast %SB to offset: [0], sizes: [32, 2, 2, 8, 8], strides: [0, 16, 8, 32, 1] : memref<256xbf16, #WS> to memref<32x2x2x8x8xbf16, strided<[0, 16, 8, 32, 1]>, #WS>
      %rb = tile.alloc_local : memref<32x2x2xi32, strided<[0, 2, 1]>, #tile.reg>
      tile.apply "ldmatrix.sync.aligned.m8n8.x2.shared.b16" (%rb, %bv) scope(warp) : memref<32x2x2xi32, strided<[0, 2, 1]>, #tile.reg>, memref<32x2x2x8x8xbf16, strided<[0, 16, 8, 32, 1]>, #WS>
      %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %dk = memref.reinterpret_cast %d to offset: [0], sizes: [32, 2, 4], strides: [0, 0, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> to memref<32x2x4xf32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%dk, %ra, %rb, %cinit) scope(warp) : memref<32x2x4xf32, strided<[0, 0, 1]>, #tile.reg>, memref<32x2x4xi32, strided<[0, 4, 1]>, #tile.reg>, memref<32x2x2xi32, strided<[0, 2, 1]>, #tile.reg>, f32
      // Lane l holds rows l / 4 and l / 4 + 8, columns 2 (l % 4) and + 1.
      %g = arith.divui %tid, %c4 : index
      %t4 = arith.remui %tid, %c4 : index
      %g8 = arith.muli %g, %c8 : index
      %t2 = arith.muli %t4, %c2 : index
      %off = arith.addi %g8, %t2 : index
      %out = memref.reinterpret_cast %O to offset: [%off], sizes: [2, 2], strides: [64, 1] : memref<16x8xf32> to memref<2x2xf32, strided<[64, 1], offset: ?>>
      %own = memref.reinterpret_cast %d to offset: [0], sizes: [2, 2], strides: [2, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> to memref<2x2xf32, strided<[2, 1]>, #tile.reg>
      tile.apply "st.global.v2.f32" (%out, %own) scope(thread) : memref<2x2xf32, strided<[64, 1], offset: ?>>, memref<2x2xf32, strided<[2, 1]>, #tile.reg>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  /// v mod m - s, in bf16.
  func.func @entry(%v: index, %m: index, %s: i32) -> bf16 {
    %r = arith.remui %v, %m : index
    %ri = arith.index_cast %r : index to i32
    %x = arith.subi %ri, %s : i32
    %f = arith.sitofp %x : i32 to bf16
    return %f : bf16
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %s2 = arith.constant 2 : i32
    %s3 = arith.constant 3 : i32
    %A = memref.alloc() : memref<512xbf16>
    %B = memref.alloc() : memref<256xbf16>
    scf.for %k = %c0 to %c32 step %c1 {
      %k2 = arith.muli %k, %c2 : index
      scf.for %i = %c0 to %c16 step %c1 {
        %s = arith.addi %i, %k2 : index
        %a = func.call @entry(%s, %c7, %s3) : (index, index, i32) -> bf16
        %i32 = arith.muli %i, %c32 : index
        %ia = arith.addi %i32, %k : index
        memref.store %a, %A[%ia] : memref<512xbf16>
      }
      scf.for %j = %c0 to %c8 step %c1 {
        %j3 = arith.muli %j, %c3 : index
        %s = arith.addi %j3, %k : index
        %b = func.call @entry(%s, %c5, %s2) : (index, index, i32) -> bf16
        %j32 = arith.muli %j, %c32 : index
        %ib = arith.addi %j32, %k : index
        memref.store %b, %B[%ib] : memref<256xbf16>
      }
    }
    %dA = gpu.alloc () : memref<512xbf16>
    %dB = gpu.alloc () : memref<256xbf16>
    %dO = gpu.alloc () : memref<16x8xf32>
    gpu.memcpy %dA, %A : memref<512xbf16>, memref<512xbf16>
    gpu.memcpy %dB, %B : memref<256xbf16>, memref<256xbf16>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%dA : memref<512xbf16>, %dB : memref<256xbf16>, %dO : memref<16x8xf32>)
    %h = memref.alloc() : memref<16x8xf32>
    gpu.memcpy %h, %dO : memref<16x8xf32>, memref<16x8xf32>
    %u = memref.cast %h : memref<16x8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
