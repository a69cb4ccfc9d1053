// Distributed shared memory through generic addresses: 4 CTAs of 32
// threads in clusters of 2. Each thread writes S[t] = 100 r + t (r its
// CTA's rank in the cluster); the cluster meets; each thread maps its S[t]
// into the peer CTA with generic mapa.u64 (of the workgroup memref's
// generic address, rank r xor 1) and:
//   loads it with a generic ld.u32 through the register: Out[t];
//   asks getctarank.u64 of that address: Rank[t];
//   maps that address back into its own CTA with mapa.u64 of the register
//   and loads it with ld.acquire.cluster.u32: Back[t];
//   maps its T[t] into the peer and stores 1000 + 100 r + t there with a
//   generic st.release.cluster.u32 through the register.
// After the cluster meets again, each thread reads its own T[t]: Out2[t].
// So for a CTA of rank r: Out[t] = 100 (1 - r) + t, Rank[t] = 1 - r,
// Back[t] = 100 r + t, Out2[t] = 1000 + 100 (1 - r) + t.
// Integration/CPU/generic-dsmem.mlir runs it on the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [4, 32]
// CHECK-NEXT: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
// CHECK-NEXT: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
// CHECK: sizes = [4, 32]
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK: sizes = [4, 32]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
// CHECK-NEXT: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
// CHECK-NEXT: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131]
// CHECK: sizes = [4, 32]
// CHECK-NEXT: [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110, 1111, 1112, 1113, 1114, 1115, 1116, 1117, 1118, 1119, 1120, 1121, 1122, 1123, 1124, 1125, 1126, 1127, 1128, 1129, 1130, 1131]
// CHECK-NEXT: [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031]
// CHECK-NEXT: [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110, 1111, 1112, 1113, 1114, 1115, 1116, 1117, 1118, 1119, 1120, 1121, 1122, 1123, 1124, 1125, 1126, 1127, 1128, 1129, 1130, 1131]
// CHECK-NEXT: [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031]
#WS = #gpu.address_space<workgroup>
!S = memref<32xi32, #WS>
!E = memref<1xi32, strided<[1], offset: ?>, #WS>
!R = memref<1xi64, #tile.reg>
!V = memref<1xi32, #tile.reg>
!O = memref<4x32xi32>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%Out: !O, %Rank: !O, %Back: !O, %Out2: !O)
        workgroup(%S: !S, %T: !S) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %c100 = arith.constant 100 : i32
      %c1000 = arith.constant 1000 : i32
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
      %s = memref.subview %S[%tid] [1] [1] : !S to !E
      %a = tile.alloc_local : !R
      tile.apply "mapa.u64" (%a, %s, %peer) scope(thread) : !R, !E, i32
      %v = tile.alloc_local : !V
      tile.apply "ld.u32" (%v, %a) scope(thread) : !V, !R
      %got = memref.load %v[%c0] : !V
      memref.store %got, %Out[%bid, %tid] : !O
      %rk = tile.alloc_local : !V
      tile.apply "getctarank.u64" (%rk, %a) scope(thread) : !V, !R
      %rkv = memref.load %rk[%c0] : !V
      memref.store %rkv, %Rank[%bid, %tid] : !O
      %own = tile.alloc_local : !R
      tile.apply "mapa.u64" (%own, %a, %rank) scope(thread) : !R, !R, i32
      %b = tile.alloc_local : !V
      tile.apply "ld.acquire.cluster.u32" (%b, %own) scope(thread) : !V, !R
      %bv = memref.load %b[%c0] : !V
      memref.store %bv, %Back[%bid, %tid] : !O
      %tt = memref.subview %T[%tid] [1] [1] : !S to !E
      %at = tile.alloc_local : !R
      tile.apply "mapa.u64" (%at, %tt, %peer) scope(thread) : !R, !E, i32
      %k1000 = arith.addi %mine, %c1000 : i32
      tile.apply "st.release.cluster.u32" (%at, %k1000) scope(thread) : !R, i32
      tile.apply "barrier.cluster.arrive.release" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire" () scope(thread)
      %t2 = memref.load %T[%tid] : !S
      memref.store %t2, %Out2[%bid, %tid] : !O
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @print(%d: !O) {
    %h = memref.alloc() : !O
    gpu.memcpy %h, %d : !O, !O
    %u = memref.cast %h : !O to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %d1 = gpu.alloc () : !O
    %d2 = gpu.alloc () : !O
    %d3 = gpu.alloc () : !O
    %d4 = gpu.alloc () : !O
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d1 : !O, %d2 : !O, %d3 : !O, %d4 : !O)
    call @print(%d1) : (!O) -> ()
    call @print(%d2) : (!O) -> ()
    call @print(%d3) : (!O) -> ()
    call @print(%d4) : (!O) -> ()
    return
  }
}
