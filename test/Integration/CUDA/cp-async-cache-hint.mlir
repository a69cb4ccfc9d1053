// cp.async with .L2::cache_hint: the cache policy is a trailing 64-bit
// operand, after src-size or ignore-src, and a hint only. G[r][c] = 1000000
// + 4 r + c; thread r copies row r with policy %pol (a kernel argument,
// here 0: the L2 treats it as a hint, the data are the same):
// - row 0: .cg 16 bytes, whole;
// - row 1: .ca 16 with src-size 6: G[1][0], then G[1][1]'s low half
//   (1000005 = 0x000F4245: 0x4245 = 16965), then zeros;
// - row 2: .ca 16 with ignore-src true: zeros;
// - row 3: two .ca.L2::128B copies of 8 bytes, whole.
// Integration/CPU/cp-async-cache-hint.test runs this file on the CPU
// backend; Target/cp-async-cache-hint-ptxas.test assembles its PTX.
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}1000000, 1000001, 1000002, 1000003],
// CHECK-NEXT: [1000004, 16965, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0],
// CHECK-NEXT: [1000012, 1000013, 1000014, 1000015]]
#WS = #gpu.address_space<workgroup>
!Row = memref<4xi32, strided<[1], offset: ?>, #WS>
!GRow = memref<4xi32, strided<[1], offset: ?>>
!Half = memref<2x2xi32, strided<[2, 1], offset: ?>, #WS>
!GHalf = memref<2x2xi32, strided<[2, 1], offset: ?>>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%G: memref<4x4xi32>, %O: memref<4x4xi32>, %pol: i64)
        workgroup(%S: memref<4x4xi32, #WS>) kernel {
      %c16 = arith.constant 16 : i32
      %c8 = arith.constant 8 : i32
      %c6 = arith.constant 6 : i32
      %t = arith.constant true
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %tid = gpu.thread_id x
      %s = memref.subview %S[%tid, 0] [1, 4] [1, 1] : memref<4x4xi32, #WS> to !Row
      %g = memref.subview %G[%tid, 0] [1, 4] [1, 1] : memref<4x4xi32> to !GRow
      %is0 = arith.cmpi eq, %tid, %c0 : index
      %is1 = arith.cmpi eq, %tid, %c1 : index
      %is2 = arith.cmpi eq, %tid, %c2 : index
      scf.if %is0 {
        tile.apply "cp.async.cg.shared.global.L2::cache_hint" (%s, %g, %c16, %pol) scope(thread) : !Row, !GRow, i32, i64
      } else {
        scf.if %is1 {
          tile.apply "cp.async.ca.shared.global.L2::cache_hint" (%s, %g, %c16, %c6, %pol) scope(thread) : !Row, !GRow, i32, i32, i64
        } else {
          scf.if %is2 {
            tile.apply "cp.async.ca.shared.global.L2::cache_hint" (%s, %g, %c16, %t, %pol) scope(thread) : !Row, !GRow, i32, i1, i64
          } else {
            // Two repeats of 8 bytes.
            %sh = memref.expand_shape %s [[0, 1]] output_shape [2, 2] : !Row into !Half
            %gh = memref.expand_shape %g [[0, 1]] output_shape [2, 2] : !GRow into !GHalf
            tile.apply "cp.async.ca.shared.global.L2::cache_hint.L2::128B" (%sh, %gh, %c8, %pol) scope(thread) : !Half, !GHalf, i32, i64
          }
        }
      }
      tile.apply "cp.async.commit_group" () scope(thread)
      %w = arith.constant 0 : i32
      tile.apply "cp.async.wait_group" (%w) scope(thread) : i32
      gpu.barrier
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %S[%tid, %j] : memref<4x4xi32, #WS>
        memref.store %v, %O[%tid, %j] : memref<4x4xi32>
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
    %pol = arith.constant 0 : i64
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%dG : memref<4x4xi32>, %dO : memref<4x4xi32>, %pol : i64)
    %h = memref.alloc() : memref<4x4xi32>
    gpu.memcpy %h, %dO : memref<4x4xi32>, memref<4x4xi32>
    %u = memref.cast %h : memref<4x4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
