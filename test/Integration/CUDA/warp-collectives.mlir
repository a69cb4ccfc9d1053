// Warp collectives: shfl.sync in its four modes (with the in-range
// predicate, clamps and 8-lane segments) and vote.sync (ballot, all with a
// negated source, uni), in a block of 40 threads: a full warp (member mask
// 0xffffffff) and 8 lanes of a second (mask 0xff). Thread t holds a = 10t.
// By hand, with L = t % 32 (rows of 64; the threads past 40 do not exist,
// their slots keep -7):
//   bfly 1, c = 0x1f:            10 (t ^ 1)
//   up 3, c = 0, d|p:            10 (t - 3) + 1000 where L >= 3, else 10 t
//   idx 5, c = 0x181f (8-lane segments): 10 ((t & ~7) | 5)
//   down 4, c = 0x1807 (clamped to the segment): 10 (t + 4) where
//                                (L & 7) <= 3, else 10 t
//   ballot of q = (t % 3 == 0):  0x49249249 in warp 0, 0x92 in warp 1
//   all(!(t >= 100)) + 2 uni(q): 1
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}10, 0, 30, 20, 50, 40, 70, 60, 90, 80, 110, 100, 130, 120, 150, 140, 170, 160, 190, 180, 210, 200, 230, 220, 250, 240, 270, 260, 290, 280, 310, 300, 330, 320, 350, 340, 370, 360, 390, 380, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [0, 10, 20, 1000, 1010, 1020, 1030, 1040, 1050, 1060, 1070, 1080, 1090, 1100, 1110, 1120, 1130, 1140, 1150, 1160, 1170, 1180, 1190, 1200, 1210, 1220, 1230, 1240, 1250, 1260, 1270, 1280, 320, 330, 340, 1320, 1330, 1340, 1350, 1360, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [50, 50, 50, 50, 50, 50, 50, 50, 130, 130, 130, 130, 130, 130, 130, 130, 210, 210, 210, 210, 210, 210, 210, 210, 290, 290, 290, 290, 290, 290, 290, 290, 370, 370, 370, 370, 370, 370, 370, 370, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [40, 50, 60, 70, 40, 50, 60, 70, 120, 130, 140, 150, 120, 130, 140, 150, 200, 210, 220, 230, 200, 210, 220, 230, 280, 290, 300, 310, 280, 290, 300, 310, 360, 370, 380, 390, 360, 370, 380, 390, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 1227133513, 146, 146, 146, 146, 146, 146, 146, 146, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7]]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%O: memref<6x2x32x1xi32>) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c3 = arith.constant 3 : i32
      %c4 = arith.constant 4 : i32
      %c5 = arith.constant 5 : i32
      %c10 = arith.constant 10 : i32
      %c31 = arith.constant 31 : i32
      %c32 = arith.constant 32 : i32
      %c100 = arith.constant 100 : i32
      %c1000 = arith.constant 1000 : i32
      %seg = arith.constant 0x181f : i32
      %segdown = arith.constant 0x1807 : i32
      %full = arith.constant -1 : i32
      %part = arith.constant 255 : i32
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %a = arith.muli %ti, %c10 : i32
      %inw0 = arith.cmpi ult, %ti, %c32 : i32
      %mask = arith.select %inw0, %full, %part : i32
      %rem = arith.remui %ti, %c3 : i32
      %q = arith.cmpi eq, %rem, %c0 : i32
      %big = arith.cmpi uge, %ti, %c100 : i32
      %d = tile.alloc_local : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      %w = tile.alloc_local : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      %p = tile.alloc_local : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      %u = tile.alloc_local : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      %o0 = memref.subview %O[0, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<6x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1]>>
      %o1 = memref.subview %O[1, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<6x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 64>>
      %o2 = memref.subview %O[2, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<6x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 128>>
      %o3 = memref.subview %O[3, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<6x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 192>>
      %o4 = memref.subview %O[4, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<6x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 256>>
      %o5 = memref.subview %O[5, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<6x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 320>>
      tile.apply "shfl.sync.bfly.b32" (%d, %a, %c1, %c31, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, i32, i32
      tile.apply "st.global.b32" (%o0, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1]>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "shfl.sync.up.b32" (%d, %p, %a, %c3, %c0, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>, i32, i32, i32, i32
      tile.apply "selp.b32" (%w, %c1000, %c0, %p) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "add.s32" (%d, %d, %w) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "st.global.b32" (%o1, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 64>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "shfl.sync.idx.b32" (%d, %a, %c5, %seg, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, i32, i32
      tile.apply "st.global.b32" (%o2, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 128>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "shfl.sync.down.b32" (%d, %a, %c4, %segdown, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, i32, i32
      tile.apply "st.global.b32" (%o3, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 192>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "vote.sync.ballot.b32" (%d, %q, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i1, i32
      tile.apply "st.global.b32" (%o4, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 256>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "vote.sync.all.pred" (%p, not %big, %mask) scope(cta) : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>, i1, i32
      tile.apply "vote.sync.uni.pred" (%u, %q, %mask) scope(cta) : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>, i1, i32
      tile.apply "selp.b32" (%d, %c1, %c0, %p) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "selp.b32" (%w, %c2, %c0, %u) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "add.s32" (%d, %d, %w) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "st.global.b32" (%o5, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 320>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %c40 = arith.constant 40 : index
    %c64 = arith.constant 64 : index
    %minus7 = arith.constant -7 : i32
    %h = memref.alloc() : memref<6x64xi32>
    scf.for %i = %c0 to %c6 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        memref.store %minus7, %h[%i, %j] : memref<6x64xi32>
      }
    }
    %hv = memref.expand_shape %h [[0], [1, 2, 3]] output_shape [6, 2, 32, 1] : memref<6x64xi32> into memref<6x2x32x1xi32>
    %dO = gpu.alloc () : memref<6x2x32x1xi32>
    gpu.memcpy %dO, %hv : memref<6x2x32x1xi32>, memref<6x2x32x1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c40, %c1, %c1)
        args(%dO : memref<6x2x32x1xi32>)
    gpu.memcpy %hv, %dO : memref<6x2x32x1xi32>, memref<6x2x32x1xi32>
    %u = memref.cast %h : memref<6x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
