// ldu.global (scalar and vector loads of read-only data), the generic
// prefetches (prefetch.L1/.L2 of a global and of a shared element,
// prefetchu.L1) and applypriority.global: the loads give the data, the
// hints change nothing. Target/ldu-hints-ptxas.test assembles its PTX.
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// CHECK: [7, 11, 13, 17, 19, 23, 29, 31]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%A: memref<8xi32>, %O: memref<8xi32>)
        workgroup(%S: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : i32
      %a0 = memref.subview %A[0] [1] [1] : memref<8xi32> to memref<1xi32, strided<[1]>>
      %a4 = memref.subview %A[4] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: 4>>
      %a1 = memref.subview %A[1] [3] [1] : memref<8xi32> to memref<3xi32, strided<[1], offset: 1>>
      %s0 = memref.subview %S[0] [1] [1] : memref<4xi32, #gpu.address_space<workgroup>> to memref<1xi32, strided<[1]>, #gpu.address_space<workgroup>>
      tile.apply "prefetch.L1" (%a0) scope(thread) : memref<1xi32, strided<[1]>>
      tile.apply "prefetch.L2" (%s0) scope(thread) : memref<1xi32, strided<[1]>, #gpu.address_space<workgroup>>
      tile.apply "prefetchu.L1" (%a0) scope(thread) : memref<1xi32, strided<[1]>>
      tile.apply "applypriority.global.L2::evict_normal" (%a0, %c128) scope(thread) : memref<1xi32, strided<[1]>>, i32
      %d = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "ldu.global.u32" (%d, %a0) scope(thread) : memref<1xi32, #tile.reg>, memref<1xi32, strided<[1]>>
      %v = tile.alloc_local : memref<4xi32, #tile.reg>
      tile.apply "ldu.global.v4.b32" (%v, %a4) scope(thread) : memref<4xi32, #tile.reg>, memref<4xi32, strided<[1], offset: 4>>
      %w = tile.alloc_local : memref<3x1xi32, #tile.reg>
      %a13 = memref.reinterpret_cast %A to offset: [1], sizes: [3, 1], strides: [1, 1] : memref<8xi32> to memref<3x1xi32, strided<[1, 1], offset: 1>>
      tile.apply "ldu.global.s32" (%w, %a13) scope(thread) : memref<3x1xi32, #tile.reg>, memref<3x1xi32, strided<[1, 1], offset: 1>>
      %x = memref.load %d[%c0] : memref<1xi32, #tile.reg>
      memref.store %x, %O[%c0] : memref<8xi32>
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %w0 = memref.load %w[%c0, %c0] : memref<3x1xi32, #tile.reg>
      %w1 = memref.load %w[%c1, %c0] : memref<3x1xi32, #tile.reg>
      %w2 = memref.load %w[%c2, %c0] : memref<3x1xi32, #tile.reg>
      memref.store %w0, %O[%c1] : memref<8xi32>
      memref.store %w1, %O[%c2] : memref<8xi32>
      memref.store %w2, %O[%c3] : memref<8xi32>
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %v0 = memref.load %v[%c0] : memref<4xi32, #tile.reg>
      %v1 = memref.load %v[%c1] : memref<4xi32, #tile.reg>
      %v2 = memref.load %v[%c2] : memref<4xi32, #tile.reg>
      %v3 = memref.load %v[%c3] : memref<4xi32, #tile.reg>
      memref.store %v0, %O[%c4] : memref<8xi32>
      memref.store %v1, %O[%c5] : memref<8xi32>
      memref.store %v2, %O[%c6] : memref<8xi32>
      memref.store %v3, %O[%c7] : memref<8xi32>
      gpu.return
    }
  }
  memref.global "private" constant @primes : memref<8xi32> = dense<[7, 11, 13, 17, 19, 23, 29, 31]>
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %h = memref.alloc() : memref<8xi32>
    %primes = memref.get_global @primes : memref<8xi32>
    memref.copy %primes, %h : memref<8xi32> to memref<8xi32>
    %dA = gpu.alloc () : memref<8xi32>
    gpu.memcpy %dA, %h : memref<8xi32>, memref<8xi32>
    %dO = gpu.alloc () : memref<8xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%dA : memref<8xi32>, %dO : memref<8xi32>)
    %o = memref.alloc() : memref<8xi32>
    gpu.memcpy %o, %dO : memref<8xi32>, memref<8xi32>
    %u = memref.cast %o : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
