// A cooperative launch and tile.grid_sync: 8 CTAs of 64 threads. Each
// thread writes its element of %a, the grid meets, each reads the element
// of the next CTA in reverse order into %b, the grid meets again (the
// workspace word is reused), and each adds 1 to its element of the
// previous CTA's %b into %c. Without the meetings a CTA would read
// elements not yet written. tile-runner launches the kernel cooperatively
// (cuLaunchKernelEx with CU_LAUNCH_ATTRIBUTE_COOPERATIVE): its PTX has the
// grid synchronization's code. Integration/CPU/grid-sync.mlir runs it on
// the CPU backend too.
// RUN: tile-runner %s | FileCheck %s
// b[64 k + t] = a[64 ((k + 1) mod 8) + 63 - t] = 1000 ((k + 1) mod 8) + 63 - t:
// CHECK: [1063, 1062, 1061,
// CHECK-SAME: 1001, 1000, 2063, 2062,
// CHECK-SAME: 7001, 7000, 63, 62,
// CHECK-SAME: 2, 1, 0]
// c[64 k + t] = b[64 ((k + 7) mod 8) + t] + 1 = 1000 k + 64 - t:
// CHECK: [64, 63, 62,
// CHECK-SAME: 2, 1, 1064, 1063,
// CHECK-SAME: 6002, 6001, 7064, 7063,
// CHECK-SAME: 7002, 7001]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%a: memref<512xi32>, %b: memref<512xi32>, %c: memref<512xi32>) kernel {
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c63 = arith.constant 63 : index
      %c64 = arith.constant 64 : index
      %k1000 = arith.constant 1000 : index
      %t = gpu.thread_id x
      %blk = gpu.block_id x
      %base = arith.muli %blk, %c64 : index
      %i = arith.addi %base, %t : index
      %v0 = arith.muli %blk, %k1000 : index
      %v1 = arith.addi %v0, %t : index
      %v = arith.index_cast %v1 : index to i32
      memref.store %v, %a[%i] : memref<512xi32>
      tile.grid_sync
      %nb0 = arith.addi %blk, %c1 : index
      %nb = arith.remui %nb0, %c8 : index
      %nbase = arith.muli %nb, %c64 : index
      %rt = arith.subi %c63, %t : index
      %j = arith.addi %nbase, %rt : index
      %w = memref.load %a[%j] : memref<512xi32>
      memref.store %w, %b[%i] : memref<512xi32>
      tile.grid_sync
      %pb0 = arith.addi %blk, %c8 : index
      %pb1 = arith.subi %pb0, %c1 : index
      %pb = arith.remui %pb1, %c8 : index
      %pbase = arith.muli %pb, %c64 : index
      %l = arith.addi %pbase, %t : index
      %x = memref.load %b[%l] : memref<512xi32>
      %one = arith.constant 1 : i32
      %y = arith.addi %x, %one : i32
      memref.store %y, %c[%i] : memref<512xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %a = gpu.alloc () : memref<512xi32>
    %b = gpu.alloc () : memref<512xi32>
    %c = gpu.alloc () : memref<512xi32>
    gpu.launch_func @kernels::@k blocks in (%c8, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<512xi32>, %b : memref<512xi32>, %c : memref<512xi32>)
    %h = memref.alloc() : memref<512xi32>
    gpu.memcpy %h, %b : memref<512xi32>, memref<512xi32>
    %u = memref.cast %h : memref<512xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %h, %c : memref<512xi32>, memref<512xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
