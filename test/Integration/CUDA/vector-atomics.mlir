// The vector forms of atom and red (.global, PTX ISA 8.1, sm_90): every
// element of the vector is updated on its own; atom returns the old
// vector. 32 threads of one CTA. Thread 0 writes the starting values and
// the operands, then:
//   every thread: red.global.add.v4.f32 of {1, 1, 0.5, -1} into F[0:4]
//   ({1, 2, 3, 4}: {33, 34, 19, -28}) and red.global.add.noftz.v8.f16 of
//   eight 1.0 into H ({0, ..., 7}: {32, ..., 39});
//   after a barrier, thread 0: atom.global.add.v2.f32 of {0.25, -2} into
//   F[4:6] ({1.5, 2}: {1.75, 0}, the old pair into F[6:8]);
//   atom.global.max.noftz.v4.bf16 of {2, -3, 0.5, 5} into B ({1, -2, 3,
//   -4}: {2, -2, 3, 5}, the old vector into D16); atom.global.min.noftz
//   .v2.f16x2 of {(2, 1), (1, 0.25)} into P ({(1, 2), (-2, 0.5)}, as (high,
//   low) halves: {(1, 1), (-2, 0.25)}, the old pair into D32).
// The expected bits were computed with numpy and ml_dtypes: f16 32..39 are
// 20480 + 32k; bf16 1, -2, 3, -4 are 16256, -16384, 16448, -16256 and 2,
// 5 are 16384, 16544; the f16x2 pairs (1, 2), (-2, 0.5) are 1006649344,
// -1073727488, and (1, 1), (-2, 0.25) are 1006648320, -1073728512.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [33, 34, 19, -28, 1.75, 0, 1.5, 2]
// CHECK: [20480, 20512, 20544, 20576, 20608, 20640, 20672, 20704]
// CHECK: [16384, -16384, 16448, 16544]
// CHECK: [16256, -16384, 16448, -16256]
// CHECK: [1006648320, -1073728512]
// CHECK: [1006649344, -1073727488]
!F4 = memref<4xf32, #tile.reg>
!F2 = memref<2xf32, #tile.reg>
!H8 = memref<8xi16, #tile.reg>
!H4 = memref<4xi16, #tile.reg>
!P2 = memref<2xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx81">] {
    gpu.func @k(%F: memref<8xf32>, %H: memref<8xi16>, %B: memref<4xi16>,
                %P: memref<2xi32>, %D16: memref<4xi16>, %D32: memref<2xi32>,
                %In: memref<8xf32>, %In16: memref<12xi16>,
                %InP: memref<2xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %f1 = arith.constant 1.0 : f32
        %f2 = arith.constant 2.0 : f32
        %f3 = arith.constant 3.0 : f32
        %f4 = arith.constant 4.0 : f32
        %f15 = arith.constant 1.5 : f32
        %fh = arith.constant 0.5 : f32
        %fm1 = arith.constant -1.0 : f32
        %fq = arith.constant 0.25 : f32
        %fm2 = arith.constant -2.0 : f32
        memref.store %f1, %F[%c0] : memref<8xf32>
        memref.store %f2, %F[%c1] : memref<8xf32>
        memref.store %f3, %F[%c2] : memref<8xf32>
        memref.store %f4, %F[%c3] : memref<8xf32>
        memref.store %f15, %F[%c4] : memref<8xf32>
        memref.store %f2, %F[%c5] : memref<8xf32>
        memref.store %f1, %In[%c0] : memref<8xf32>
        memref.store %f1, %In[%c1] : memref<8xf32>
        memref.store %fh, %In[%c2] : memref<8xf32>
        memref.store %fm1, %In[%c3] : memref<8xf32>
        memref.store %fq, %In[%c4] : memref<8xf32>
        memref.store %fm2, %In[%c5] : memref<8xf32>
        // H = f16 {0, ..., 7}; In16[0:8] = eight f16 1.0.
        %h0 = arith.constant 0 : i16
        %h1 = arith.constant 15360 : i16
        %h2 = arith.constant 16384 : i16
        %h3 = arith.constant 16896 : i16
        %h4 = arith.constant 17408 : i16
        %h5 = arith.constant 17664 : i16
        %h6 = arith.constant 17920 : i16
        %h7 = arith.constant 18176 : i16
        memref.store %h0, %H[%c0] : memref<8xi16>
        memref.store %h1, %H[%c1] : memref<8xi16>
        memref.store %h2, %H[%c2] : memref<8xi16>
        memref.store %h3, %H[%c3] : memref<8xi16>
        memref.store %h4, %H[%c4] : memref<8xi16>
        memref.store %h5, %H[%c5] : memref<8xi16>
        memref.store %h6, %H[%c6] : memref<8xi16>
        memref.store %h7, %H[%c7] : memref<8xi16>
        scf.for %i = %c0 to %c7 step %c1 {
          memref.store %h1, %In16[%i] : memref<12xi16>
        }
        memref.store %h1, %In16[%c7] : memref<12xi16>
        // B = bf16 {1, -2, 3, -4}; In16[8:12] = bf16 {2, -3, 0.5, 5}.
        %b1 = arith.constant 16256 : i16
        %bm2 = arith.constant -16384 : i16
        %b3 = arith.constant 16448 : i16
        %bm4 = arith.constant -16256 : i16
        %b2 = arith.constant 16384 : i16
        %bm3 = arith.constant -16320 : i16
        %bh = arith.constant 16128 : i16
        %b5 = arith.constant 16544 : i16
        %c8 = arith.constant 8 : index
        %c9 = arith.constant 9 : index
        %c10 = arith.constant 10 : index
        %c11 = arith.constant 11 : index
        memref.store %b1, %B[%c0] : memref<4xi16>
        memref.store %bm2, %B[%c1] : memref<4xi16>
        memref.store %b3, %B[%c2] : memref<4xi16>
        memref.store %bm4, %B[%c3] : memref<4xi16>
        memref.store %b2, %In16[%c8] : memref<12xi16>
        memref.store %bm3, %In16[%c9] : memref<12xi16>
        memref.store %bh, %In16[%c10] : memref<12xi16>
        memref.store %b5, %In16[%c11] : memref<12xi16>
        // P = f16x2 {(1, 2), (-2, 0.5)}; InP = {(2, 1), (1, 0.25)}.
        %p0 = arith.constant 1006649344 : i32
        %p1 = arith.constant -1073727488 : i32
        %q0 = arith.constant 1073757184 : i32
        %q1 = arith.constant 1006646272 : i32
        memref.store %p0, %P[%c0] : memref<2xi32>
        memref.store %p1, %P[%c1] : memref<2xi32>
        memref.store %q0, %InP[%c0] : memref<2xi32>
        memref.store %q1, %InP[%c1] : memref<2xi32>
      }
      gpu.barrier
      %in4 = memref.subview %In[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
      %f4v = memref.subview %F[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
      %b = tile.alloc_local : !F4
      tile.apply "ld.global.v4.f32" (%b, %in4) scope(thread) : !F4, memref<4xf32, strided<[1]>>
      tile.apply "red.global.add.v4.f32" (%f4v, %b) scope(thread) : memref<4xf32, strided<[1]>>, !F4
      %bh8 = tile.alloc_local : !H8
      %lo = memref.subview %bh8[0] [4] [1] : !H8 to memref<4xi16, strided<[1]>, #tile.reg>
      %hi = memref.subview %bh8[4] [4] [1] : !H8 to memref<4xi16, strided<[1], offset: 4>, #tile.reg>
      %inlo = memref.subview %In16[0] [4] [1] : memref<12xi16> to memref<4xi16, strided<[1]>>
      %inhi = memref.subview %In16[4] [4] [1] : memref<12xi16> to memref<4xi16, strided<[1], offset: 4>>
      tile.apply "ld.global.v4.b16" (%lo, %inlo) scope(thread) : memref<4xi16, strided<[1]>, #tile.reg>, memref<4xi16, strided<[1]>>
      tile.apply "ld.global.v4.b16" (%hi, %inhi) scope(thread) : memref<4xi16, strided<[1], offset: 4>, #tile.reg>, memref<4xi16, strided<[1], offset: 4>>
      tile.apply "red.global.add.noftz.v8.f16" (%H, %bh8) scope(thread) : memref<8xi16>, !H8
      gpu.barrier
      scf.if %first {
        %in2 = memref.subview %In[4] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: 4>>
        %f2v = memref.subview %F[4] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: 4>>
        %old2 = memref.subview %F[6] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: 6>>
        %a = tile.alloc_local : !F2
        %d = tile.alloc_local : !F2
        tile.apply "ld.global.v2.f32" (%a, %in2) scope(thread) : !F2, memref<2xf32, strided<[1], offset: 4>>
        tile.apply "atom.global.add.v2.f32" (%d, %f2v, %a) scope(thread) : !F2, memref<2xf32, strided<[1], offset: 4>>, !F2
        tile.apply "st.global.v2.f32" (%old2, %d) scope(thread) : memref<2xf32, strided<[1], offset: 6>>, !F2
        %inb = memref.subview %In16[8] [4] [1] : memref<12xi16> to memref<4xi16, strided<[1], offset: 8>>
        %bb = tile.alloc_local : !H4
        %db = tile.alloc_local : !H4
        tile.apply "ld.global.v4.b16" (%bb, %inb) scope(thread) : !H4, memref<4xi16, strided<[1], offset: 8>>
        tile.apply "atom.global.max.noftz.v4.bf16" (%db, %B, %bb) scope(thread) : !H4, memref<4xi16>, !H4
        tile.apply "st.global.v4.b16" (%D16, %db) scope(thread) : memref<4xi16>, !H4
        %pp = tile.alloc_local : !P2
        %dp = tile.alloc_local : !P2
        tile.apply "ld.global.v2.b32" (%pp, %InP) scope(thread) : !P2, memref<2xi32>
        tile.apply "atom.global.min.noftz.v2.f16x2" (%dp, %P, %pp) scope(thread) : !P2, memref<2xi32>, !P2
        tile.apply "st.global.v2.b32" (%D32, %dp) scope(thread) : memref<2xi32>, !P2
      }
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  // Prints 16-bit words as i32 (sign-extended).
  func.func @print16(%m: memref<?xi16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %m, %c0 : memref<?xi16>
    %w = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %m[%i] : memref<?xi16>
      %x = arith.extsi %v : i16 to i32
      memref.store %x, %w[%i] : memref<?xi32>
    }
    %u = memref.cast %w : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %F = gpu.alloc () : memref<8xf32>
    %H = gpu.alloc () : memref<8xi16>
    %B = gpu.alloc () : memref<4xi16>
    %P = gpu.alloc () : memref<2xi32>
    %D16 = gpu.alloc () : memref<4xi16>
    %D32 = gpu.alloc () : memref<2xi32>
    %In = gpu.alloc () : memref<8xf32>
    %In16 = gpu.alloc () : memref<12xi16>
    %InP = gpu.alloc () : memref<2xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1)
        args(%F : memref<8xf32>, %H : memref<8xi16>, %B : memref<4xi16>,
             %P : memref<2xi32>, %D16 : memref<4xi16>, %D32 : memref<2xi32>,
             %In : memref<8xf32>, %In16 : memref<12xi16>,
             %InP : memref<2xi32>)
    %hF = memref.alloc() : memref<8xf32>
    %hH = memref.alloc() : memref<8xi16>
    %hB = memref.alloc() : memref<4xi16>
    %hD16 = memref.alloc() : memref<4xi16>
    %hP = memref.alloc() : memref<2xi32>
    %hD32 = memref.alloc() : memref<2xi32>
    gpu.memcpy %hF, %F : memref<8xf32>, memref<8xf32>
    gpu.memcpy %hH, %H : memref<8xi16>, memref<8xi16>
    gpu.memcpy %hB, %B : memref<4xi16>, memref<4xi16>
    gpu.memcpy %hD16, %D16 : memref<4xi16>, memref<4xi16>
    gpu.memcpy %hP, %P : memref<2xi32>, memref<2xi32>
    gpu.memcpy %hD32, %D32 : memref<2xi32>, memref<2xi32>
    %uF = memref.cast %hF : memref<8xf32> to memref<*xf32>
    %uH = memref.cast %hH : memref<8xi16> to memref<?xi16>
    %uB = memref.cast %hB : memref<4xi16> to memref<?xi16>
    %uD16 = memref.cast %hD16 : memref<4xi16> to memref<?xi16>
    %uP = memref.cast %hP : memref<2xi32> to memref<*xi32>
    %uD32 = memref.cast %hD32 : memref<2xi32> to memref<*xi32>
    call @printMemrefF32(%uF) : (memref<*xf32>) -> ()
    call @print16(%uH) : (memref<?xi16>) -> ()
    call @print16(%uB) : (memref<?xi16>) -> ()
    call @print16(%uD16) : (memref<?xi16>) -> ()
    call @printMemrefI32(%uP) : (memref<*xi32>) -> ()
    call @printMemrefI32(%uD32) : (memref<*xi32>) -> ()
    return
  }
}
