// cp.async.mbarrier.arrive: each of 32 threads copies one 16-byte row from
// global to shared memory, then makes the CTA's mbarrier track its copies
// (.noinc: the arrival counts toward the phase, so the barrier is set up
// for 32 arrivals). Thread 0 waits for the phase to complete (parity 0) and
// reads the whole tile; no cp.async.wait_group is executed, so only the
// mbarrier orders the copies before the reads. G[r][c] = 4 r + c;
// thread 0 writes the sum of the tile, 0 + 1 + ... + 127 = 8128.
// The CPU backend runs it too (Integration/CPU/cp-async-mbarrier.mlir).
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[}}8128]
#WS = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%G: memref<32x4xi32>, %O: memref<1xi32>)
        workgroup(%S: memref<32x4xi32, #WS>, %bar: memref<1xi64, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c16 = arith.constant 16 : i32
      %n32 = arith.constant 32 : i32
      %tid = gpu.thread_id x
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        tile.apply "mbarrier.init.shared.b64" (%bar, %n32) scope(thread) : memref<1xi64, #WS>, i32
      }
      gpu.barrier
      %s = memref.subview %S[%tid, 0] [1, 4] [1, 1] : memref<32x4xi32, #WS> to memref<4xi32, strided<[1], offset: ?>, #WS>
      %g = memref.subview %G[%tid, 0] [1, 4] [1, 1] : memref<32x4xi32> to memref<4xi32, strided<[1], offset: ?>>
      tile.apply "cp.async.cg.shared.global" (%s, %g, %c16) scope(thread) : memref<4xi32, strided<[1], offset: ?>, #WS>, memref<4xi32, strided<[1], offset: ?>>, i32
      tile.apply "cp.async.mbarrier.arrive.noinc.shared.b64" (%bar) scope(thread) : memref<1xi64, #WS>
      scf.if %is0 {
        // Spin until phase 0 completes.
        %zero = arith.constant 0 : i32
        %true = arith.constant true
        %p = tile.alloc_local : memref<1xi1, #tile.reg>
        scf.while : () -> () {
          tile.apply "mbarrier.try_wait.parity.shared.b64" (%p, %bar, %zero) scope(thread) : memref<1xi1, #tile.reg>, memref<1xi64, #WS>, i32
          %done = memref.load %p[%c0] : memref<1xi1, #tile.reg>
          %again = arith.xori %done, %true : i1
          scf.condition(%again)
        } do {
          scf.yield
        }
        %sum = scf.for %r = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (i32) {
          %row = scf.for %c = %c0 to %c4 step %c1 iter_args(%a = %acc) -> (i32) {
            %v = memref.load %S[%r, %c] : memref<32x4xi32, #WS>
            %a1 = arith.addi %a, %v : i32
            scf.yield %a1 : i32
          }
          scf.yield %row : i32
        }
        memref.store %sum, %O[%c0] : memref<1xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %G = memref.alloc() : memref<32x4xi32>
    scf.for %r = %c0 to %c32 step %c1 {
      scf.for %c = %c0 to %c4 step %c1 {
        %r4 = arith.muli %r, %c4 : index
        %i = arith.addi %r4, %c : index
        %v = arith.index_cast %i : index to i32
        memref.store %v, %G[%r, %c] : memref<32x4xi32>
      }
    }
    %dG = gpu.alloc () : memref<32x4xi32>
    gpu.memcpy %dG, %G : memref<32x4xi32>, memref<32x4xi32>
    %dO = gpu.alloc () : memref<1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%dG : memref<32x4xi32>, %dO : memref<1xi32>)
    %h = memref.alloc() : memref<1xi32>
    gpu.memcpy %h, %dO : memref<1xi32>, memref<1xi32>
    %u = memref.cast %h : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
