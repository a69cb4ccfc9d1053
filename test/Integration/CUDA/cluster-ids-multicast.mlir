// The cluster's special registers and a multicast bulk copy: a grid of
// 4x2 CTAs of 32 threads in clusters of 2x2 (`clusters in`), so two
// clusters side by side in x. Thread 0 of each CTA writes, at row
// bx + 4 by of Ids: %cluster_ctaid.x/.y (bx mod 2, by mod 2), %clusterid.x/.y
// (bx / 2, 0), %cluster_nctaid.x/.y (2, 2), %nclusterid.x/.y (2, 1),
// %cluster_ctarank (x + 2 y of the CTA's id in its cluster) and
// %cluster_nctarank (4). Then each CTA's thread 0 initializes its barrier
// and arrives with expect_tx 128; after the cluster meets, rank 0 of each
// cluster copies G (32 i32, 128 bytes) into S of all four CTAs at once
// (.multicast::cluster, ctaMask 0xf), completing on each CTA's barrier at
// the same offset. Every thread waits for its CTA's phase 0 and copies
// S[tid] to row bx + 4 by of Out: every row is G = 100 + i. The cluster
// meets again before any CTA exits (its shared memory may still be
// written).
// Integration/CPU/cluster.mlir runs it on the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [8, 10]
// CHECK-NEXT: [0, 0, 0, 0, 2, 2, 2, 1, 0, 4]
// CHECK-NEXT: [1, 0, 0, 0, 2, 2, 2, 1, 1, 4]
// CHECK-NEXT: [0, 0, 1, 0, 2, 2, 2, 1, 0, 4]
// CHECK-NEXT: [1, 0, 1, 0, 2, 2, 2, 1, 1, 4]
// CHECK-NEXT: [0, 1, 0, 0, 2, 2, 2, 1, 2, 4]
// CHECK-NEXT: [1, 1, 0, 0, 2, 2, 2, 1, 3, 4]
// CHECK-NEXT: [0, 1, 1, 0, 2, 2, 2, 1, 2, 4]
// CHECK-NEXT: [1, 1, 1, 0, 2, 2, 2, 1, 3, 4]
// CHECK: sizes = [8, 32]
// CHECK-COUNT-8: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131]
#WS = #gpu.address_space<workgroup>
!S = memref<32xi32, #WS>
!Bar = memref<1xi64, #WS>
!St = memref<1xi64, #tile.reg>
!P = memref<1xi1, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%Ids: memref<8x10xi32>, %G: memref<32xi32>, %Out: memref<8x32xi32>)
        workgroup(%S: !S, %bar: !Bar) kernel {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 128 : i32
      %all = arith.constant 15 : i16
      %true = arith.constant true
      %tid = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %by4 = arith.muli %by, %c4 : index
      %row = arith.addi %bx, %by4 : index
      %is0 = arith.cmpi eq, %tid, %c0 : index
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      scf.if %is0 {
        %v0 = gpu.cluster_block_id x
        %v1 = gpu.cluster_block_id y
        %v2 = gpu.cluster_id x
        %v3 = gpu.cluster_id y
        %v4 = gpu.cluster_dim_blocks x
        %v5 = gpu.cluster_dim_blocks y
        %v6 = gpu.cluster_dim x
        %v7 = gpu.cluster_dim y
        %n = nvvm.read.ptx.sreg.cluster.nctarank : i32
        %w0 = arith.index_cast %v0 : index to i32
        %k0 = arith.constant 0 : index
        memref.store %w0, %Ids[%row, %k0] : memref<8x10xi32>
        %w1 = arith.index_cast %v1 : index to i32
        %k1 = arith.constant 1 : index
        memref.store %w1, %Ids[%row, %k1] : memref<8x10xi32>
        %w2 = arith.index_cast %v2 : index to i32
        %k2 = arith.constant 2 : index
        memref.store %w2, %Ids[%row, %k2] : memref<8x10xi32>
        %w3 = arith.index_cast %v3 : index to i32
        %k3 = arith.constant 3 : index
        memref.store %w3, %Ids[%row, %k3] : memref<8x10xi32>
        %w4 = arith.index_cast %v4 : index to i32
        %k4 = arith.constant 4 : index
        memref.store %w4, %Ids[%row, %k4] : memref<8x10xi32>
        %w5 = arith.index_cast %v5 : index to i32
        %k5 = arith.constant 5 : index
        memref.store %w5, %Ids[%row, %k5] : memref<8x10xi32>
        %w6 = arith.index_cast %v6 : index to i32
        %k6 = arith.constant 6 : index
        memref.store %w6, %Ids[%row, %k6] : memref<8x10xi32>
        %w7 = arith.index_cast %v7 : index to i32
        %k7 = arith.constant 7 : index
        memref.store %w7, %Ids[%row, %k7] : memref<8x10xi32>
        %c8 = arith.constant 8 : index
        %c9 = arith.constant 9 : index
        memref.store %rank, %Ids[%row, %c8] : memref<8x10xi32>
        memref.store %n, %Ids[%row, %c9] : memref<8x10xi32>
        tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !Bar, i32
        tile.apply "fence.mbarrier_init.release.cluster" () scope(thread)
        %st = tile.alloc_local : !St
        tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : !St, !Bar, i32
      }
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      %lead = arith.cmpi eq, %rank, %zero : i32
      %issue = arith.andi %is0, %lead : i1
      scf.if %issue {
        tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster" (%S, %G, %bytes, %bar, %all) scope(thread) : !S, memref<32xi32>, i32, !Bar, i16
      }
      %p = tile.alloc_local : !P
      scf.while : () -> () {
        tile.apply "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64" (%p, %bar, %zero) scope(thread) : !P, !Bar, i32
        %done = memref.load %p[%c0] : !P
        %again = arith.xori %done, %true : i1
        scf.condition(%again)
      } do {
        scf.yield
      }
      %v = memref.load %S[%tid] : !S
      memref.store %v, %Out[%row, %tid] : memref<8x32xi32>
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c100 = arith.constant 100 : i32
    %g = memref.alloc() : memref<32xi32>
    scf.for %i = %c0 to %c32 step %c1 {
      %i32 = arith.index_cast %i : index to i32
      %v = arith.addi %i32, %c100 : i32
      memref.store %v, %g[%i] : memref<32xi32>
    }
    %dIds = gpu.alloc () : memref<8x10xi32>
    %dG = gpu.alloc () : memref<32xi32>
    %dOut = gpu.alloc () : memref<8x32xi32>
    gpu.memcpy %dG, %g : memref<32xi32>, memref<32xi32>
    gpu.launch_func @kernels::@k clusters in (%c2, %c2, %c1) blocks in (%c4, %c2, %c1) threads in (%c32, %c1, %c1)
        args(%dIds : memref<8x10xi32>, %dG : memref<32xi32>, %dOut : memref<8x32xi32>)
    %ids = memref.alloc() : memref<8x10xi32>
    %out = memref.alloc() : memref<8x32xi32>
    gpu.memcpy %ids, %dIds : memref<8x10xi32>, memref<8x10xi32>
    gpu.memcpy %out, %dOut : memref<8x32xi32>, memref<8x32xi32>
    %u = memref.cast %ids : memref<8x10xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %w = memref.cast %out : memref<8x32xi32> to memref<*xi32>
    call @printMemrefI32(%w) : (memref<*xi32>) -> ()
    return
  }
}
