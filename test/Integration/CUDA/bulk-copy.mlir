// The bulk asynchronous copies, one CTA of 32 threads, A[i] = i (32 f32,
// 128 bytes), C[i] = 100 + i:
//   thread 0 initializes the mbarrier (one arrival), fences it for the
//   async proxy, prefetches A into L2, arrives with expect_tx 128 and hands
//   the copy engine A -> S (cp.async.bulk, completing on the barrier);
//   every thread waits for phase 0 (mbarrier.try_wait.parity in a loop);
//   thread i writes S[i] = 2 S[i] + 1 and fences its generic writes for the
//   async proxy; after bar.sync, thread 0 copies S -> B
//   (cp.async.bulk.global.shared::cta.bulk_group) and adds S into C
//   (cp.reduce.async.bulk .add.f32), commits the bulk group and waits for
//   it. So B[i] = 2 i + 1 and C[i] = 100 + i + 2 i + 1 = 3 i + 101, all
//   exact in f32.
// GPU only: the CPU backend does not model the bulk reduction
// (Integration/CPU/bulk-copy.mlir checks that it says so; bulk-mbarrier.mlir
// runs the copies on both).
// RUN: tile-runner %s | FileCheck %s
// CHECK: [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63]
// CHECK: [101, 104, 107, 110, 113, 116, 119, 122, 125, 128, 131, 134, 137, 140, 143, 146, 149, 152, 155, 158, 161, 164, 167, 170, 173, 176, 179, 182, 185, 188, 191, 194]
#WS = #gpu.address_space<workgroup>
!S = memref<32xf32, #WS>
!Bar = memref<1xi64, #WS>
!G = memref<32xf32>
!E = memref<1xf32, strided<[1], offset: ?>, #WS>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%A: !G, %B: !G, %C: !G) workgroup(%S: !S, %bar: !Bar) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 128 : i32
      %two = arith.constant 2.0 : f32
      %onef = arith.constant 1.0 : f32
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
        tile.apply "cp.async.bulk.prefetch.L2.global" (%A, %bytes) scope(thread) : !G, i32
        tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : memref<1xi64, #tile.reg>, !Bar, i32
        tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %A, %bytes, %bar) scope(thread) : !S, !G, i32, !Bar
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
      %e = memref.subview %S[%tid] [1] [1] : !S to !E
      %r = tile.alloc_local : memref<1xf32, #tile.reg>
      tile.apply "ld.shared.f32" (%r, %e) scope(thread) : memref<1xf32, #tile.reg>, !E
      tile.apply "fma.rn.f32" (%r, %r, %two, %onef) scope(thread) : memref<1xf32, #tile.reg>, memref<1xf32, #tile.reg>, f32, f32
      tile.apply "st.shared.f32" (%e, %r) scope(thread) : !E, memref<1xf32, #tile.reg>
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      gpu.barrier
      scf.if %is0 {
        tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%B, %S, %bytes) scope(thread) : !G, !S, i32
        tile.apply "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32" (%C, %S, %bytes) scope(thread) : !G, !S, i32
        tile.apply "cp.async.bulk.commit_group" () scope(thread)
        tile.apply "cp.async.bulk.wait_group" (%zero) scope(thread) : i32
      }
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %hundred = arith.constant 100.0 : f32
    %hA = memref.alloc() : !G
    %hC = memref.alloc() : !G
    scf.for %i = %c0 to %c32 step %c1 {
      %i32 = arith.index_cast %i : index to i32
      %v = arith.sitofp %i32 : i32 to f32
      memref.store %v, %hA[%i] : !G
      %w = arith.addf %v, %hundred : f32
      memref.store %w, %hC[%i] : !G
    }
    %dA = gpu.alloc () : !G
    %dB = gpu.alloc () : !G
    %dC = gpu.alloc () : !G
    gpu.memcpy %dA, %hA : !G, !G
    gpu.memcpy %dC, %hC : !G, !G
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1)
        args(%dA : !G, %dB : !G, %dC : !G)
    %hB = memref.alloc() : !G
    gpu.memcpy %hB, %dB : !G, !G
    gpu.memcpy %hC, %dC : !G, !G
    %uB = memref.cast %hB : !G to memref<*xf32>
    %uC = memref.cast %hC : !G to memref<*xf32>
    call @printMemrefF32(%uB) : (memref<*xf32>) -> ()
    call @printMemrefF32(%uC) : (memref<*xf32>) -> ()
    return
  }
}
