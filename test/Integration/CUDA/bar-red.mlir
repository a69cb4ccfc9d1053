// bar.red and barrier.red over two blocks of 64 threads: in block 0
// threads 5 and 17 have a true predicate, in block 1 none does. Every
// thread stores what it got: .popc (2 and 0), .or (1 and 0), .and of the
// negated predicate (0 and 1), and the count form with b = 64 (2 and 0).
// The CPU backend gives the same (Integration/CPU/bar-red.test).
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [2, 64, 4] strides = [256, 4, 1]
// CHECK-COUNT-64: [2, 1, 0, 2]
// CHECK-COUNT-64: [0, 0, 1, 0]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%O: memref<2x64x4xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %z = arith.constant 0 : i32
      %n = arith.constant 64 : i32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %c5 = arith.constant 5 : index
      %c17 = arith.constant 17 : index
      %is5 = arith.cmpi eq, %tid, %c5 : index
      %is17 = arith.cmpi eq, %tid, %c17 : index
      %either = arith.ori %is5, %is17 : i1
      %b0 = arith.cmpi eq, %bid, %c0 : index
      %p = arith.andi %either, %b0 : i1
      %d = tile.alloc_local : memref<1xi32, #tile.reg>
      %q = tile.alloc_local : memref<1xi1, #tile.reg>
      tile.apply "bar.red.popc.u32" (%d, %z, %p) scope(thread) : memref<1xi32, #tile.reg>, i32, i1
      %v0 = memref.load %d[%c0] : memref<1xi32, #tile.reg>
      memref.store %v0, %O[%bid, %tid, %c0] : memref<2x64x4xi32>
      tile.apply "bar.cta.red.or.pred" (%q, %z, %p) scope(thread) : memref<1xi1, #tile.reg>, i32, i1
      %q1 = memref.load %q[%c0] : memref<1xi1, #tile.reg>
      %v1 = arith.extui %q1 : i1 to i32
      memref.store %v1, %O[%bid, %tid, %c1] : memref<2x64x4xi32>
      tile.apply "barrier.red.and.aligned.pred" (%q, %z, not %p) scope(thread) : memref<1xi1, #tile.reg>, i32, i1
      %q2 = memref.load %q[%c0] : memref<1xi1, #tile.reg>
      %v2 = arith.extui %q2 : i1 to i32
      memref.store %v2, %O[%bid, %tid, %c2] : memref<2x64x4xi32>
      tile.apply "bar.red.popc.u32" (%d, %z, %n, %p) scope(thread) : memref<1xi32, #tile.reg>, i32, i32, i1
      %v3 = memref.load %d[%c0] : memref<1xi32, #tile.reg>
      memref.store %v3, %O[%bid, %tid, %c3] : memref<2x64x4xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %O = gpu.alloc () : memref<2x64x4xi32>
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%O : memref<2x64x4xi32>)
    %h = memref.alloc() : memref<2x64x4xi32>
    gpu.memcpy %h, %O : memref<2x64x4xi32>, memref<2x64x4xi32>
    %u = memref.cast %h : memref<2x64x4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
