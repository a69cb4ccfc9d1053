// Atomics on another CTA's shared memory: 4 CTAs of 32 threads in one
// cluster. The leader (rank 0) sets C[t] = 0 and M[t] = -1000; the cluster
// meets; thread t of every CTA maps C[t] and M[t] of the leader (mapa, rank
// 0), adds r + 1 to C[t] (red.shared::cluster.add.u32) and takes the max
// of M[t] and 10 r - t (atom.shared::cluster.max.s32, whose old value it
// drops), and writes getctarank of the mapped address (0) to Rank[r][t];
// the cluster meets again and the leader writes C and M out. So C[t] = 1 +
// 2 + 3 + 4 = 10, M[t] = 30 - t, and every rank is 0. Then each thread
// exchanges 1000 + r into the leader's X[t] with atom.exch after a cas
// that fails (compare 7): the last exchange is unordered, so only the cas
// results (the old value, -1, seen by every thread) are checked.
// Integration/CPU/cluster.mlir runs it on the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [2, 32]
// CHECK-NEXT: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]
// CHECK-NEXT: [30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1]
// CHECK: sizes = [4, 32]
// CHECK-COUNT-4: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK: sizes = [4, 32]
// CHECK-COUNT-4: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
#WS = #gpu.address_space<workgroup>
!S = memref<32xi32, #WS>
!E = memref<1xi32, strided<[1], offset: ?>, #WS>
!R = memref<1xi64, #tile.reg>
!V = memref<1xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%Out: memref<2x32xi32>, %Rank: memref<4x32xi32>, %Cas: memref<4x32xi32>)
        workgroup(%C: !S, %M: !S, %X: !S) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %seven = arith.constant 7 : i32
      %ten = arith.constant 10 : i32
      %c1000 = arith.constant 1000 : i32
      %low = arith.constant -1000 : i32
      %minus1 = arith.constant -1 : i32
      %tid = gpu.thread_id x
      %t32 = arith.index_cast %tid : index to i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %ri = arith.index_cast %rank : i32 to index
      %lead = arith.cmpi eq, %rank, %zero : i32
      scf.if %lead {
        memref.store %zero, %C[%tid] : !S
        memref.store %low, %M[%tid] : !S
        memref.store %minus1, %X[%tid] : !S
      }
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      %ce = memref.subview %C[%tid] [1] [1] : !S to !E
      %ac = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%ac, %ce, %zero) scope(thread) : !R, !E, i32
      %r1 = arith.addi %rank, %one : i32
      tile.apply "red.shared::cluster.add.u32" (%ac, %r1) scope(thread) : !R, i32
      %me = memref.subview %M[%tid] [1] [1] : !S to !E
      %am = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%am, %me, %zero) scope(thread) : !R, !E, i32
      %r10 = arith.muli %rank, %ten : i32
      %v = arith.subi %r10, %t32 : i32
      %old = tile.alloc_local : !V
      tile.apply "atom.relaxed.cluster.shared::cluster.max.s32" (%old, %am, %v) scope(thread) : !V, !R, i32
      %owner = tile.alloc_local : !V
      tile.apply "getctarank.shared::cluster.u64" (%owner, %am) scope(thread) : !V, !R
      %o = memref.load %owner[%c0] : !V
      memref.store %o, %Rank[%ri, %tid] : memref<4x32xi32>
      %xe = memref.subview %X[%tid] [1] [1] : !S to !E
      %ax = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%ax, %xe, %zero) scope(thread) : !R, !E, i32
      %new = arith.addi %rank, %c1000 : i32
      %seen = tile.alloc_local : !V
      tile.apply "atom.shared::cluster.cas.b32" (%seen, %ax, %seven, %new) scope(thread) : !V, !R, i32, i32
      %s = memref.load %seen[%c0] : !V
      memref.store %s, %Cas[%ri, %tid] : memref<4x32xi32>
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      scf.if %lead {
        %cv = memref.load %C[%tid] : !S
        %mv = memref.load %M[%tid] : !S
        memref.store %cv, %Out[%c0, %tid] : memref<2x32xi32>
        memref.store %mv, %Out[%c1, %tid] : memref<2x32xi32>
      }
      tile.apply "atom.shared::cluster.exch.b32" (%seen, %ax, %new) scope(thread) : !V, !R, i32
      tile.apply "barrier.cluster.arrive" () scope(thread)
      tile.apply "barrier.cluster.wait" () scope(thread)
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %d1 = gpu.alloc () : memref<2x32xi32>
    %d2 = gpu.alloc () : memref<4x32xi32>
    %d3 = gpu.alloc () : memref<4x32xi32>
    gpu.launch_func @kernels::@k clusters in (%c4, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d1 : memref<2x32xi32>, %d2 : memref<4x32xi32>, %d3 : memref<4x32xi32>)
    %h1 = memref.alloc() : memref<2x32xi32>
    %h2 = memref.alloc() : memref<4x32xi32>
    %h3 = memref.alloc() : memref<4x32xi32>
    gpu.memcpy %h1, %d1 : memref<2x32xi32>, memref<2x32xi32>
    gpu.memcpy %h2, %d2 : memref<4x32xi32>, memref<4x32xi32>
    gpu.memcpy %h3, %d3 : memref<4x32xi32>, memref<4x32xi32>
    %u1 = memref.cast %h1 : memref<2x32xi32> to memref<*xi32>
    call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %u2 = memref.cast %h2 : memref<4x32xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %u3 = memref.cast %h3 : memref<4x32xi32> to memref<*xi32>
    call @printMemrefI32(%u3) : (memref<*xi32>) -> ()
    return
  }
}
