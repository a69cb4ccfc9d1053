// The warp collectives besides shfl and vote, and what the H200 does where
// the ISA leaves shfl.sync open, in a block of 40 threads: a full warp
// (member mask 0xffffffff) and 8 lanes of a second (mask 0xff; its lanes
// 8-31 do not exist). Thread t, lane L = t % 32. By hand (rows of 64; the
// threads past 40 do not exist, slots not written keep -7):
//   0 match.any of L & 3: 0x11111111 << (L & 3) (warp 1: 0x11 << (L & 3))
//   1, 2 match.all d|p of (t >= 36): warp 0 all equal (d = mask, p = 1);
//        warp 1 not (d = 0, p = 0)
//   3 redux.add.u32 of t: 496 (0 + ... + 31), 284 (32 + ... + 39)
//   4 redux.min.s32 of 10t - 200: -200, 120
//   5 redux.max.u32 of 10t - 200: -10 (0xfffffff6, the greatest as
//     unsigned), 190
//   6 redux.xor.b32 of 10t: 128 (0 ^ 10 ^ ... ^ 310), 224 (320 ^ ... ^ 390)
//   7 activemask under pred(L even): 0x55555555 = 1431655765, 0x55 = 85
//     (the ISA: predicated-off lanes contribute 0); odd lanes keep -7
//   8 elect.sync d|p (d + 100 p) under pred(L >= 4), mask & ~0xf: lane 4
//     is elected: 104 in lane 4, 4 in the others; lanes 0-3 keep -7
//   9 in lanes L < 16 only (scf.if), shfl.idx from lane 20 with mask
//     0xffff: lane 20 does not execute it, so 0 (measured on the H200)
//  10 converged, each half its own mask (0xffff, 0xffff0000), shfl.down 1:
//     10 (t + 1), lane 15 reading lane 16 of the other mask (measured);
//     lane 31 out of range keeps its own 310; warp 1's lane 7 reads lane 8,
//     which does not exist: 0
// and bar.warp.sync with each warp's mask before the stores.
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}286331153, 572662306, 1145324612, -2004318072, 286331153, 572662306, 1145324612, -2004318072, 286331153, 572662306, 1145324612, -2004318072, 286331153, 572662306, 1145324612, -2004318072, 286331153, 572662306, 1145324612, -2004318072, 286331153, 572662306, 1145324612, -2004318072, 286331153, 572662306, 1145324612, -2004318072, 286331153, 572662306, 1145324612, -2004318072, 17, 34, 68, 136, 17, 34, 68, 136, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 496, 284, 284, 284, 284, 284, 284, 284, 284, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [-200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, -200, 120, 120, 120, 120, 120, 120, 120, 120, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [-10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, -10, 190, 190, 190, 190, 190, 190, 190, 190, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 224, 224, 224, 224, 224, 224, 224, 224, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 1431655765, -7, 85, -7, 85, -7, 85, -7, 85, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [-7, -7, -7, -7, 104, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, -7, -7, -7, -7, 104, 4, 4, 4, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, 0, 0, 0, 0, 0, 0, 0, 0, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7],
// CHECK-NEXT: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220, 230, 240, 250, 260, 270, 280, 290, 300, 310, 310, 330, 340, 350, 360, 370, 380, 390, 0, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7, -7]]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%O: memref<11x2x32x1xi32>) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c3 = arith.constant 3 : i32
      %c4 = arith.constant 4 : i32
      %c10 = arith.constant 10 : i32
      %c16 = arith.constant 16 : i32
      %c20 = arith.constant 20 : i32
      %c31 = arith.constant 31 : i32
      %c32 = arith.constant 32 : i32
      %c36 = arith.constant 36 : i32
      %c100 = arith.constant 100 : i32
      %c200 = arith.constant 200 : i32
      %low = arith.constant 0xffff : i32
      %high = arith.constant 0xffff0000 : i32
      %notlow4 = arith.constant -16 : i32
      %full = arith.constant -1 : i32
      %part = arith.constant 255 : i32
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %lane = arith.remui %ti, %c32 : i32
      %a = arith.muli %ti, %c10 : i32
      %a200 = arith.subi %a, %c200 : i32
      %inw0 = arith.cmpi ult, %ti, %c32 : i32
      %mask = arith.select %inw0, %full, %part : i32
      %key = arith.andi %lane, %c3 : i32
      %ge36 = arith.cmpi uge, %ti, %c36 : i32
      %ge36i = arith.extui %ge36 : i1 to i32
      %lt16 = arith.cmpi ult, %lane, %c16 : i32
      %half = arith.select %lt16, %low, %high : i32
      %emask = arith.andi %mask, %notlow4 : i32
      %bit0 = arith.andi %lane, %c1 : i32
      %d = tile.alloc_local : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      %w = tile.alloc_local : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      %p = tile.alloc_local : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      %even = tile.alloc_local : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      %ge4 = tile.alloc_local : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "setp.eq.u32" (%even, %bit0, %c0) scope(cta) : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>, i32, i32
      tile.apply "setp.hs.u32" (%ge4, %lane, %c4) scope(cta) : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>, i32, i32
      %o0 = memref.subview %O[0, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1]>>
      %o1 = memref.subview %O[1, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 64>>
      %o2 = memref.subview %O[2, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 128>>
      %o3 = memref.subview %O[3, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 192>>
      %o4 = memref.subview %O[4, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 256>>
      %o5 = memref.subview %O[5, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 320>>
      %o6 = memref.subview %O[6, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 384>>
      %o7 = memref.subview %O[7, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 448>>
      %o8 = memref.subview %O[8, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 512>>
      %o9 = memref.subview %O[9, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 576>>
      %o10 = memref.subview %O[10, 0, 0, 0] [1, 2, 32, 1] [1, 1, 1, 1] : memref<11x2x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1], offset: 640>>
      tile.apply "match.any.sync.b32" (%d, %key, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%o0, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1]>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "match.all.sync.b32" (%d, %p, %ge36i, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%o1, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 64>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "selp.b32" (%d, %c1, %c0, %p) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "st.global.b32" (%o2, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 128>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "redux.sync.add.u32" (%d, %ti, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%o3, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 192>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "redux.sync.min.s32" (%d, %a200, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%o4, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 256>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "redux.sync.max.u32" (%d, %a200, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%o5, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 320>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "redux.sync.xor.b32" (%d, %a, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%o6, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 384>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "activemask.b32" (%d) pred(%even : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "st.global.b32" (%o7, %d) pred(%even : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 448>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "elect.sync" (%d, %p, %emask) pred(%ge4 : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>, i32
      tile.apply "selp.b32" (%w, %c100, %c0, %p) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "add.s32" (%d, %d, %w) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "st.global.b32" (%o8, %d) pred(%ge4 : memref<2x32x1xi1, strided<[0, 0, 1]>, #tile.reg>) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 512>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      scf.if %lt16 {
        tile.apply "shfl.sync.idx.b32" (%d, %a, %c20, %c31, %low) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, i32, i32
        tile.apply "st.global.b32" (%o9, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 576>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      }
      tile.apply "bar.warp.sync" (%mask) scope(cta) : i32
      tile.apply "shfl.sync.down.b32" (%d, %a, %c1, %c31, %half) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, i32, i32
      tile.apply "st.global.b32" (%o10, %d) scope(cta) : memref<2x32x1xi32, strided<[32, 1, 1], offset: 640>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c11 = arith.constant 11 : index
    %c40 = arith.constant 40 : index
    %c64 = arith.constant 64 : index
    %minus7 = arith.constant -7 : i32
    %h = memref.alloc() : memref<11x64xi32>
    scf.for %i = %c0 to %c11 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        memref.store %minus7, %h[%i, %j] : memref<11x64xi32>
      }
    }
    %hv = memref.expand_shape %h [[0], [1, 2, 3]] output_shape [11, 2, 32, 1] : memref<11x64xi32> into memref<11x2x32x1xi32>
    %dO = gpu.alloc () : memref<11x2x32x1xi32>
    gpu.memcpy %dO, %hv : memref<11x2x32x1xi32>, memref<11x2x32x1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c40, %c1, %c1)
        args(%dO : memref<11x2x32x1xi32>)
    gpu.memcpy %hv, %dO : memref<11x2x32x1xi32>, memref<11x2x32x1xi32>
    %u = memref.cast %h : memref<11x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
