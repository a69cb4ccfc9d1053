// cp.async from global to shared memory, then commit_group and
// wait_group 0 before the block reads shared memory. G[r][c] = 1000000 +
// 4 r + c. Thread 0 copies row 0 whole (.cg, 16 bytes), thread 1 row 1 with
// src-size 6 (its first 6 bytes, then zeros: G[1][1] = 1000005 = 0x000F4245
// keeps its low half, 0x4245 = 16965), thread 2 row 2 with ignore-src true
// (zeros), thread 3 row 3 with ignore-src false (whole). Thread 0 also
// copies G[0][0..1] with an 8-byte .ca copy (.L2::128B) and G[3][3] with a
// 4-byte one. Integration/CPU/cp-async.test runs this file on the CPU backend.
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}1000000, 1000001, 1000002, 1000003],
// CHECK-NEXT: [1000004, 16965, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0],
// CHECK-NEXT: [1000012, 1000013, 1000014, 1000015]]
// CHECK: {{\[\[}}1000000, 1000001, 1000015]]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%G: memref<4x4xi32>, %O: memref<4x4xi32>, %O2: memref<1x3xi32>)
        workgroup(%S: memref<4x4xi32, #gpu.address_space<workgroup>>, %S2: memref<1x3xi32, #gpu.address_space<workgroup>>) kernel {
      %c16 = arith.constant 16 : i32
      %c8 = arith.constant 8 : i32
      %c4 = arith.constant 4 : i32
      %c6 = arith.constant 6 : i32
      %t = arith.constant true
      %f = arith.constant false
      %tid = gpu.thread_id x
      %c0i = arith.constant 0 : index
      %c1i = arith.constant 1 : index
      %c2i = arith.constant 2 : index
      %c3i = arith.constant 3 : index
      %s = memref.subview %S[%tid, 0] [1, 4] [1, 1] : memref<4x4xi32, #gpu.address_space<workgroup>> to memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      %g = memref.subview %G[%tid, 0] [1, 4] [1, 1] : memref<4x4xi32> to memref<4xi32, strided<[1], offset: ?>>
      %is0 = arith.cmpi eq, %tid, %c0i : index
      %is1 = arith.cmpi eq, %tid, %c1i : index
      %is2 = arith.cmpi eq, %tid, %c2i : index
      scf.if %is0 {
        tile.apply "cp.async.cg.shared.global" (%s, %g, %c16) scope(thread) : memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>, memref<4xi32, strided<[1], offset: ?>>, i32
        %s2a = memref.subview %S2[0, 0] [1, 2] [1, 1] : memref<1x3xi32, #gpu.address_space<workgroup>> to memref<2xi32, strided<[1]>, #gpu.address_space<workgroup>>
        %g2a = memref.subview %G[0, 0] [1, 2] [1, 1] : memref<4x4xi32> to memref<2xi32, strided<[1]>>
        tile.apply "cp.async.ca.shared.global.L2::128B" (%s2a, %g2a, %c8) scope(thread) : memref<2xi32, strided<[1]>, #gpu.address_space<workgroup>>, memref<2xi32, strided<[1]>>, i32
        %s2b = memref.subview %S2[0, 2] [1, 1] [1, 1] : memref<1x3xi32, #gpu.address_space<workgroup>> to memref<1xi32, strided<[1], offset: 2>, #gpu.address_space<workgroup>>
        %g2b = memref.subview %G[3, 3] [1, 1] [1, 1] : memref<4x4xi32> to memref<1xi32, strided<[1], offset: 15>>
        tile.apply "cp.async.ca.shared.global" (%s2b, %g2b, %c4) scope(thread) : memref<1xi32, strided<[1], offset: 2>, #gpu.address_space<workgroup>>, memref<1xi32, strided<[1], offset: 15>>, i32
      } else {
        scf.if %is1 {
          tile.apply "cp.async.cg.shared.global" (%s, %g, %c16, %c6) scope(thread) : memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>, memref<4xi32, strided<[1], offset: ?>>, i32, i32
        } else {
          %ign = arith.select %is2, %t, %f : i1
          tile.apply "cp.async.ca.shared.global" (%s, %g, %c16, %ign) scope(thread) : memref<4xi32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>, memref<4xi32, strided<[1], offset: ?>>, i32, i1
        }
      }
      tile.apply "cp.async.commit_group" () scope(thread)
      %c0 = arith.constant 0 : i32
      tile.apply "cp.async.wait_group" (%c0) scope(thread) : i32
      gpu.barrier
      scf.for %j = %c0i to %c3i step %c1i {
        %v = memref.load %S[%tid, %j] : memref<4x4xi32, #gpu.address_space<workgroup>>
        memref.store %v, %O[%tid, %j] : memref<4x4xi32>
      }
      %v3 = memref.load %S[%tid, %c3i] : memref<4x4xi32, #gpu.address_space<workgroup>>
      memref.store %v3, %O[%tid, %c3i] : memref<4x4xi32>
      scf.if %is0 {
        scf.for %j = %c0i to %c3i step %c1i {
          %v = memref.load %S2[%c0i, %j] : memref<1x3xi32, #gpu.address_space<workgroup>>
          memref.store %v, %O2[%c0i, %j] : memref<1x3xi32>
        }
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %G = memref.alloc() : memref<4x4xi32>
    %base = arith.constant 1000000 : i32
    scf.for %r = %c0 to %c4 step %c1 {
      scf.for %c = %c0 to %c4 step %c1 {
        %r4 = arith.muli %r, %c4 : index
        %i = arith.addi %r4, %c : index
        %i32 = arith.index_cast %i : index to i32
        %v = arith.addi %i32, %base : i32
        memref.store %v, %G[%r, %c] : memref<4x4xi32>
      }
    }
    %dG = gpu.alloc () : memref<4x4xi32>
    gpu.memcpy %dG, %G : memref<4x4xi32>, memref<4x4xi32>
    %dO = gpu.alloc () : memref<4x4xi32>
    %dO2 = gpu.alloc () : memref<1x3xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%dG : memref<4x4xi32>, %dO : memref<4x4xi32>, %dO2 : memref<1x3xi32>)
    %h = memref.alloc() : memref<4x4xi32>
    gpu.memcpy %h, %dO : memref<4x4xi32>, memref<4x4xi32>
    %u = memref.cast %h : memref<4x4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %h2 = memref.alloc() : memref<1x3xi32>
    gpu.memcpy %h2, %dO2 : memref<1x3xi32>, memref<1x3xi32>
    %u2 = memref.cast %h2 : memref<1x3xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    return
  }
}
