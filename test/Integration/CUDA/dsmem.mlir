// Distributed shared memory: 4 CTAs of 32 threads in clusters of 2. Each
// thread writes S[t] = 100 r + t (r its CTA's rank in the cluster); the
// cluster meets; each thread maps its S[t] into the peer CTA (mapa, rank
// r xor 1), loads it (ld.shared::cluster.u32) and stores it to its own
// row of Out, then stores 1000 + 100 r + t into the peer's T[t]
// (st.release.cluster.shared::cluster.u32) and, through a .v2 access of
// the peer's W[2t, 2t+1], the pair (t, -t); after the cluster meets again
// each thread reads T[t] and W back with ld.acquire.cluster (its own CTA's
// address from mapa with its own rank) into Out2 and Out3. So for a CTA
// of rank r: Out[t] = 100 (1 - r) + t, Out2[t] = 1000 + 100 (1 - r) + t,
// Out3[2t..] = (t, -t).
// Integration/CPU/cluster.mlir runs it on the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [4, 32]
// CHECK-NEXT: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
// CHECK-NEXT: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
// CHECK: sizes = [4, 32]
// CHECK-NEXT: [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110, 1111, 1112, 1113, 1114, 1115, 1116, 1117, 1118, 1119, 1120, 1121, 1122, 1123, 1124, 1125, 1126, 1127, 1128, 1129, 1130, 1131]
// CHECK-NEXT: [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031]
// CHECK-NEXT: [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110, 1111, 1112, 1113, 1114, 1115, 1116, 1117, 1118, 1119, 1120, 1121, 1122, 1123, 1124, 1125, 1126, 1127, 1128, 1129, 1130, 1131]
// CHECK-NEXT: [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031]
// CHECK: sizes = [4, 64]
// CHECK-COUNT-4: [0, 0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8, 9, -9, 10, -10, 11, -11, 12, -12, 13, -13, 14, -14, 15, -15, 16, -16, 17, -17, 18, -18, 19, -19, 20, -20, 21, -21, 22, -22, 23, -23, 24, -24, 25, -25, 26, -26, 27, -27, 28, -28, 29, -29, 30, -30, 31, -31]
#WS = #gpu.address_space<workgroup>
!S = memref<32xi32, #WS>
!W = memref<64xi32, #WS>
!E = memref<1xi32, strided<[1], offset: ?>, #WS>
!R = memref<1xi64, #tile.reg>
!V = memref<1xi32, #tile.reg>
!V2 = memref<2xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%Out: memref<4x32xi32>, %Out2: memref<4x32xi32>, %Out3: memref<4x64xi32>)
        workgroup(%S: !S, %T: !S, %W: !W) kernel {
      %c2 = arith.constant 2 : index
      %zero_idx = arith.constant 0 : index
      %one_idx = arith.constant 1 : index
      %one = arith.constant 1 : i32
      %c100 = arith.constant 100 : i32
      %c1000 = arith.constant 1000 : i32
      %zero = arith.constant 0 : i32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %t32 = arith.index_cast %tid : index to i32
      %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
      %peer = arith.xori %rank, %one : i32
      %r100 = arith.muli %rank, %c100 : i32
      %mine = arith.addi %r100, %t32 : i32
      memref.store %mine, %S[%tid] : !S
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      // The peer's S[t].
      %s = memref.subview %S[%tid] [1] [1] : !S to !E
      %a = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%a, %s, %peer) scope(thread) : !R, !E, i32
      %v = tile.alloc_local : !V
      tile.apply "ld.shared::cluster.u32" (%v, %a) scope(thread) : !V, !R
      %got = memref.load %v[%zero_idx] : !V
      memref.store %got, %Out[%bid, %tid] : memref<4x32xi32>
      // The peer's T[t] and W[2t], W[2t + 1].
      %tt = memref.subview %T[%tid] [1] [1] : !S to !E
      %at = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%at, %tt, %peer) scope(thread) : !R, !E, i32
      %k1000 = arith.addi %mine, %c1000 : i32
      tile.apply "st.release.cluster.shared::cluster.u32" (%at, %k1000) scope(thread) : !R, i32
      %t2 = arith.muli %tid, %c2 : index
      %ww = memref.subview %W[%t2] [1] [1] : !W to !E
      %aw = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%aw, %ww, %peer) scope(thread) : !R, !E, i32
      %pair = tile.alloc_local : !V2
      %neg = arith.subi %zero, %t32 : i32
      memref.store %t32, %pair[%zero_idx] : !V2
      memref.store %neg, %pair[%one_idx] : !V2
      tile.apply "st.shared::cluster.v2.s32" (%aw, %pair) scope(thread) : !R, !V2
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      // Back in the thread's own CTA: its own rank's addresses.
      %ot = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%ot, %tt, %rank) scope(thread) : !R, !E, i32
      %v2 = tile.alloc_local : !V
      tile.apply "ld.acquire.cluster.shared::cluster.u32" (%v2, %ot) scope(thread) : !V, !R
      %got2 = memref.load %v2[%zero_idx] : !V
      memref.store %got2, %Out2[%bid, %tid] : memref<4x32xi32>
      %ow = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%ow, %ww, %rank) scope(thread) : !R, !E, i32
      %back = tile.alloc_local : !V2
      tile.apply "ld.shared::cluster.v2.s32" (%back, %ow) scope(thread) : !V2, !R
      %b0 = memref.load %back[%zero_idx] : !V2
      %b1 = memref.load %back[%one_idx] : !V2
      %t21 = arith.addi %t2, %one_idx : index
      memref.store %b0, %Out3[%bid, %t2] : memref<4x64xi32>
      memref.store %b1, %Out3[%bid, %t21] : memref<4x64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %d1 = gpu.alloc () : memref<4x32xi32>
    %d2 = gpu.alloc () : memref<4x32xi32>
    %d3 = gpu.alloc () : memref<4x64xi32>
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d1 : memref<4x32xi32>, %d2 : memref<4x32xi32>, %d3 : memref<4x64xi32>)
    %h1 = memref.alloc() : memref<4x32xi32>
    %h2 = memref.alloc() : memref<4x32xi32>
    %h3 = memref.alloc() : memref<4x64xi32>
    gpu.memcpy %h1, %d1 : memref<4x32xi32>, memref<4x32xi32>
    gpu.memcpy %h2, %d2 : memref<4x32xi32>, memref<4x32xi32>
    gpu.memcpy %h3, %d3 : memref<4x64xi32>, memref<4x64xi32>
    %u1 = memref.cast %h1 : memref<4x32xi32> to memref<*xi32>
    call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %u2 = memref.cast %h2 : memref<4x32xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %u3 = memref.cast %h3 : memref<4x64xi32> to memref<*xi32>
    call @printMemrefI32(%u3) : (memref<*xi32>) -> ()
    return
  }
}
