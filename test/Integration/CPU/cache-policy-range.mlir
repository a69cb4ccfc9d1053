// createpolicy.range on the CPU backend: its bits hold the start address
// (on the CPU backend, the host's), so a kernel is checked here through
// what does not depend on it, the size class and the units reached
// (CachePolicyTest checks the whole bits against the GPU's), and through
// the errors outside the measured domain: a primary size of 0 or above the
// total size stops the kernel.
// REQUIRES: cuda-runtime
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// RUN: sed 's/%c256 = arith.constant 256/%c256 = arith.constant 0/' %s > %t.zero.mlir
// RUN: not tile-runner --backend=cpu %t.zero.mlir 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: sed 's/%c256 = arith.constant 256/%c256 = arith.constant 70000/' %s > %t.big.mlir
// RUN: not tile-runner --backend=cpu %t.big.mlir 2>&1 | FileCheck %s --check-prefix=BIG
// Total 65536 bytes: class 19 (every total up to 2^19), units of 4096
// bytes; 256 bytes from the buffer's start (256-byte aligned, so at most
// 3840 bytes into its unit) reach one unit. The tag: 0x10 | range 0x08 |
// evict_last 2 << 1 = 0x1c; the class field 19 - 19 = 0.
// CHECK: [28, 0, 1]
// ZERO: createpolicy.range.global.L2::evict_last.b64': has a primary size of 0 bytes, outside 1..65536 (the total size): its policy's bits are not measured
// BIG: has a primary size of 70000 bytes, outside 1..65536
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%g: memref<16xi32>, %O: memref<3xi64>, %total: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c256 = arith.constant 256 : i32
      %p = tile.alloc_local : memref<1xi64, #tile.reg>
      %g0 = memref.subview %g[0] [1] [1] : memref<16xi32> to memref<1xi32, strided<[1]>>
      tile.apply "createpolicy.range.global.L2::evict_last.b64" (%p, %g0, %c256, %total) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi32, strided<[1]>>, i32, i32
      %v = memref.load %p[%c0] : memref<1xi64, #tile.reg>
      %s56 = arith.constant 56 : i64
      %s52 = arith.constant 52 : i64
      %s37 = arith.constant 37 : i64
      %m4 = arith.constant 15 : i64
      %m7 = arith.constant 127 : i64
      %tag = arith.shrui %v, %s56 : i64
      %cls0 = arith.shrui %v, %s52 : i64
      %cls = arith.andi %cls0, %m4 : i64
      %cnt0 = arith.shrui %v, %s37 : i64
      %cnt = arith.andi %cnt0, %m7 : i64
      memref.store %tag, %O[%c0] : memref<3xi64>
      memref.store %cls, %O[%c1] : memref<3xi64>
      memref.store %cnt, %O[%c2] : memref<3xi64>
      gpu.return
    }
  }
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %total = arith.constant 65536 : i32
    %g = gpu.alloc () : memref<16xi32>
    %dO = gpu.alloc () : memref<3xi64>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%g : memref<16xi32>, %dO : memref<3xi64>, %total : i32)
    %o = memref.alloc() : memref<3xi64>
    gpu.memcpy %o, %dO : memref<3xi64>, memref<3xi64>
    %u = memref.cast %o : memref<3xi64> to memref<*xi64>
    call @printMemrefI64(%u) : (memref<*xi64>) -> ()
    return
  }
}
