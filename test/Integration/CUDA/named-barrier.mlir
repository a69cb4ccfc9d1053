// Named barriers (bar.sync, bar.arrive, barrier.*) in a block of 128
// threads: warps 0-1 produce, warps 2-3 consume, over 4 rounds through one
// shared buffer. In round r a producer thread t writes S[t] = t + 100 * r
// and arrives at barrier 1 (bar.arrive 1, 128); the consumer thread t + 64
// waits there (bar.sync 1, 128), adds S[t] to its sum and arrives at
// barrier 2 (barrier.arrive.aligned 2, 128), which the producers wait at
// (barrier.sync 2, 128) before they overwrite S. A consumer's sum is
// 4t + 600. Then the producers alone meet at barrier 3 (bar.sync 3, 64,
// the thread count in a register) and each reads its neighbour's
// S[63 - t] from the last round; and the whole block meets at barrier 4
// without a count (barrier.cta.sync.aligned 4). Each thread stores
// [value, round count]. Wrong phases hang or give other sums; the CPU
// backend gives the same (Integration/CPU/named-barrier.test).
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [128, 2] strides = [2, 1]
// CHECK-NEXT: {{\[?}}[363, 4]
// CHECK-NEXT: {{\[?}}[362, 4]
// CHECK-NEXT: {{\[?}}[361, 4]
// CHECK-NEXT: {{\[?}}[360, 4]
// CHECK-NEXT: {{\[?}}[359, 4]
// CHECK-NEXT: {{\[?}}[358, 4]
// CHECK-NEXT: {{\[?}}[357, 4]
// CHECK-NEXT: {{\[?}}[356, 4]
// CHECK-NEXT: {{\[?}}[355, 4]
// CHECK-NEXT: {{\[?}}[354, 4]
// CHECK-NEXT: {{\[?}}[353, 4]
// CHECK-NEXT: {{\[?}}[352, 4]
// CHECK-NEXT: {{\[?}}[351, 4]
// CHECK-NEXT: {{\[?}}[350, 4]
// CHECK-NEXT: {{\[?}}[349, 4]
// CHECK-NEXT: {{\[?}}[348, 4]
// CHECK-NEXT: {{\[?}}[347, 4]
// CHECK-NEXT: {{\[?}}[346, 4]
// CHECK-NEXT: {{\[?}}[345, 4]
// CHECK-NEXT: {{\[?}}[344, 4]
// CHECK-NEXT: {{\[?}}[343, 4]
// CHECK-NEXT: {{\[?}}[342, 4]
// CHECK-NEXT: {{\[?}}[341, 4]
// CHECK-NEXT: {{\[?}}[340, 4]
// CHECK-NEXT: {{\[?}}[339, 4]
// CHECK-NEXT: {{\[?}}[338, 4]
// CHECK-NEXT: {{\[?}}[337, 4]
// CHECK-NEXT: {{\[?}}[336, 4]
// CHECK-NEXT: {{\[?}}[335, 4]
// CHECK-NEXT: {{\[?}}[334, 4]
// CHECK-NEXT: {{\[?}}[333, 4]
// CHECK-NEXT: {{\[?}}[332, 4]
// CHECK-NEXT: {{\[?}}[331, 4]
// CHECK-NEXT: {{\[?}}[330, 4]
// CHECK-NEXT: {{\[?}}[329, 4]
// CHECK-NEXT: {{\[?}}[328, 4]
// CHECK-NEXT: {{\[?}}[327, 4]
// CHECK-NEXT: {{\[?}}[326, 4]
// CHECK-NEXT: {{\[?}}[325, 4]
// CHECK-NEXT: {{\[?}}[324, 4]
// CHECK-NEXT: {{\[?}}[323, 4]
// CHECK-NEXT: {{\[?}}[322, 4]
// CHECK-NEXT: {{\[?}}[321, 4]
// CHECK-NEXT: {{\[?}}[320, 4]
// CHECK-NEXT: {{\[?}}[319, 4]
// CHECK-NEXT: {{\[?}}[318, 4]
// CHECK-NEXT: {{\[?}}[317, 4]
// CHECK-NEXT: {{\[?}}[316, 4]
// CHECK-NEXT: {{\[?}}[315, 4]
// CHECK-NEXT: {{\[?}}[314, 4]
// CHECK-NEXT: {{\[?}}[313, 4]
// CHECK-NEXT: {{\[?}}[312, 4]
// CHECK-NEXT: {{\[?}}[311, 4]
// CHECK-NEXT: {{\[?}}[310, 4]
// CHECK-NEXT: {{\[?}}[309, 4]
// CHECK-NEXT: {{\[?}}[308, 4]
// CHECK-NEXT: {{\[?}}[307, 4]
// CHECK-NEXT: {{\[?}}[306, 4]
// CHECK-NEXT: {{\[?}}[305, 4]
// CHECK-NEXT: {{\[?}}[304, 4]
// CHECK-NEXT: {{\[?}}[303, 4]
// CHECK-NEXT: {{\[?}}[302, 4]
// CHECK-NEXT: {{\[?}}[301, 4]
// CHECK-NEXT: {{\[?}}[300, 4]
// CHECK-NEXT: {{\[?}}[600, 4]
// CHECK-NEXT: {{\[?}}[604, 4]
// CHECK-NEXT: {{\[?}}[608, 4]
// CHECK-NEXT: {{\[?}}[612, 4]
// CHECK-NEXT: {{\[?}}[616, 4]
// CHECK-NEXT: {{\[?}}[620, 4]
// CHECK-NEXT: {{\[?}}[624, 4]
// CHECK-NEXT: {{\[?}}[628, 4]
// CHECK-NEXT: {{\[?}}[632, 4]
// CHECK-NEXT: {{\[?}}[636, 4]
// CHECK-NEXT: {{\[?}}[640, 4]
// CHECK-NEXT: {{\[?}}[644, 4]
// CHECK-NEXT: {{\[?}}[648, 4]
// CHECK-NEXT: {{\[?}}[652, 4]
// CHECK-NEXT: {{\[?}}[656, 4]
// CHECK-NEXT: {{\[?}}[660, 4]
// CHECK-NEXT: {{\[?}}[664, 4]
// CHECK-NEXT: {{\[?}}[668, 4]
// CHECK-NEXT: {{\[?}}[672, 4]
// CHECK-NEXT: {{\[?}}[676, 4]
// CHECK-NEXT: {{\[?}}[680, 4]
// CHECK-NEXT: {{\[?}}[684, 4]
// CHECK-NEXT: {{\[?}}[688, 4]
// CHECK-NEXT: {{\[?}}[692, 4]
// CHECK-NEXT: {{\[?}}[696, 4]
// CHECK-NEXT: {{\[?}}[700, 4]
// CHECK-NEXT: {{\[?}}[704, 4]
// CHECK-NEXT: {{\[?}}[708, 4]
// CHECK-NEXT: {{\[?}}[712, 4]
// CHECK-NEXT: {{\[?}}[716, 4]
// CHECK-NEXT: {{\[?}}[720, 4]
// CHECK-NEXT: {{\[?}}[724, 4]
// CHECK-NEXT: {{\[?}}[728, 4]
// CHECK-NEXT: {{\[?}}[732, 4]
// CHECK-NEXT: {{\[?}}[736, 4]
// CHECK-NEXT: {{\[?}}[740, 4]
// CHECK-NEXT: {{\[?}}[744, 4]
// CHECK-NEXT: {{\[?}}[748, 4]
// CHECK-NEXT: {{\[?}}[752, 4]
// CHECK-NEXT: {{\[?}}[756, 4]
// CHECK-NEXT: {{\[?}}[760, 4]
// CHECK-NEXT: {{\[?}}[764, 4]
// CHECK-NEXT: {{\[?}}[768, 4]
// CHECK-NEXT: {{\[?}}[772, 4]
// CHECK-NEXT: {{\[?}}[776, 4]
// CHECK-NEXT: {{\[?}}[780, 4]
// CHECK-NEXT: {{\[?}}[784, 4]
// CHECK-NEXT: {{\[?}}[788, 4]
// CHECK-NEXT: {{\[?}}[792, 4]
// CHECK-NEXT: {{\[?}}[796, 4]
// CHECK-NEXT: {{\[?}}[800, 4]
// CHECK-NEXT: {{\[?}}[804, 4]
// CHECK-NEXT: {{\[?}}[808, 4]
// CHECK-NEXT: {{\[?}}[812, 4]
// CHECK-NEXT: {{\[?}}[816, 4]
// CHECK-NEXT: {{\[?}}[820, 4]
// CHECK-NEXT: {{\[?}}[824, 4]
// CHECK-NEXT: {{\[?}}[828, 4]
// CHECK-NEXT: {{\[?}}[832, 4]
// CHECK-NEXT: {{\[?}}[836, 4]
// CHECK-NEXT: {{\[?}}[840, 4]
// CHECK-NEXT: {{\[?}}[844, 4]
// CHECK-NEXT: {{\[?}}[848, 4]
// CHECK-NEXT: {{\[?}}[852, 4]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%O: memref<128x2xi32>) workgroup(%s: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c63 = arith.constant 63 : index
      %c64 = arith.constant 64 : index
      %i1 = arith.constant 1 : i32
      %i2 = arith.constant 2 : i32
      %i3 = arith.constant 3 : i32
      %i4 = arith.constant 4 : i32
      %i100 = arith.constant 100 : i32
      %n128 = arith.constant 128 : i32
      %n64 = arith.constant 64 : i32
      %z = arith.constant 0 : i32
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %producer = arith.cmpi ult, %tid, %c64 : index
      %rounds = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i32) {
        %ri = arith.index_cast %r : index to i32
        %base = arith.muli %ri, %i100 : i32
        %next = scf.if %producer -> (i32) {
          // Round r > 0 waits for the consumers to have read round r - 1.
          %later = arith.cmpi ugt, %r, %c0 : index
          scf.if %later {
            tile.apply "barrier.sync" (%i2, %n128) scope(thread) : i32, i32
          }
          %v = arith.addi %t, %base : i32
          memref.store %v, %s[%tid] : memref<64xi32, #gpu.address_space<workgroup>>
          tile.apply "bar.arrive" (%i1, %n128) scope(thread) : i32, i32
          scf.yield %acc : i32
        } else {
          tile.apply "bar.sync" (%i1, %n128) scope(thread) : i32, i32
          %j = arith.subi %tid, %c64 : index
          %v = memref.load %s[%j] : memref<64xi32, #gpu.address_space<workgroup>>
          %sum = arith.addi %acc, %v : i32
          tile.apply "barrier.arrive.aligned" (%i2, %n128) scope(thread) : i32, i32
          scf.yield %sum : i32
        }
        scf.yield %next : i32
      }
      %value = scf.if %producer -> (i32) {
        // The consumers' last arrival at barrier 2 is not waited for by the
        // producers' loop: they wait for it here.
        tile.apply "barrier.sync" (%i2, %n128) scope(thread) : i32, i32
        tile.apply "bar.sync" (%i3, %n64) scope(thread) : i32, i32
        %j = arith.subi %c63, %tid : index
        %v = memref.load %s[%j] : memref<64xi32, #gpu.address_space<workgroup>>
        scf.yield %v : i32
      } else {
        scf.yield %rounds : i32
      }
      tile.apply "barrier.cta.sync.aligned" (%i4) scope(thread) : i32
      memref.store %value, %O[%tid, %c0] : memref<128x2xi32>
      %c4i = arith.index_cast %c4 : index to i32
      memref.store %c4i, %O[%tid, %c1] : memref<128x2xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %O = gpu.alloc () : memref<128x2xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%O : memref<128x2xi32>)
    %h = memref.alloc() : memref<128x2xi32>
    gpu.memcpy %h, %O : memref<128x2xi32>, memref<128x2xi32>
    %u = memref.cast %h : memref<128x2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
