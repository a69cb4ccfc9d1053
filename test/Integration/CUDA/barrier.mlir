// Threads of a block that meet at barriers: 2 blocks of 40 threads (a
// warp and a part of one). Each thread writes its id into shared memory,
// waits at a barrier, and reads its neighbour's ((tid + 1) % 40); after a
// second barrier it overwrites its own slot with that value plus 100, and
// after a third reads its neighbour's again. By hand, for block b and
// thread t: first = b*1000 + (t+1)%40, out = b*1000 + (t+2)%40 + 100.
// Run one after another, a thread would read a slot its neighbour has not
// written yet.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 100, 101],
// CHECK-NEXT: [1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110, 1111, 1112, 1113, 1114, 1115, 1116, 1117, 1118, 1119, 1120, 1121, 1122, 1123, 1124, 1125, 1126, 1127, 1128, 1129, 1130, 1131, 1132, 1133, 1134, 1135, 1136, 1137, 1138, 1139, 1100, 1101]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%O: memref<2x40xi32>) workgroup(%s: memref<40xi32, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %c40 = arith.constant 40 : index
      %thousand = arith.constant 1000 : i32
      %hundred = arith.constant 100 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %bi = arith.index_cast %b : index to i32
      %ti = arith.index_cast %t : index to i32
      %base = arith.muli %bi, %thousand : i32
      %mine = arith.addi %base, %ti : i32
      memref.store %mine, %s[%t] : memref<40xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n0 = arith.addi %t, %c1 : index
      %n = arith.remui %n0, %c40 : index
      %first = memref.load %s[%n] : memref<40xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %next = arith.addi %first, %hundred : i32
      memref.store %next, %s[%t] : memref<40xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %second = memref.load %s[%n] : memref<40xi32, #gpu.address_space<workgroup>>
      memref.store %second, %O[%b, %t] : memref<2x40xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c40 = arith.constant 40 : index
    %dO = gpu.alloc () : memref<2x40xi32>
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1)
        threads in (%c40, %c1, %c1)
        args(%dO : memref<2x40xi32>)
    %h = memref.alloc() : memref<2x40xi32>
    gpu.memcpy %h, %dO : memref<2x40xi32>, memref<2x40xi32>
    %u = memref.cast %h : memref<2x40xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
