// tensor-copy.mlir with both tensor maps passed by value, as CUDA's
// `__grid_constant__ const CUtensorMap` parameters: the kernel's
// `.param .align 64 .b8 p[128]`, read by the tensor copies (and a
// prefetch.tensormap) through its generic address. A's map is encoded into
// host memory and C's into device memory; each launch copies the map's
// bytes from where it is into the kernel's parameters. The same copies and
// the same expectations as tensor-copy.mlir. The CPU backend runs it too
// (Integration/CPU/tensor-copy.test), passing the maps by reference.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [3632, 3633, 3634, 3635, 3636, 3637, 3638, 3639, 3640, 3641, 3642, 3643, 3644, 3645, 3646, 3647, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK: [4080, 4081, 4082, 4083, 4084, 4085, 4086, 4087, 4088, 4089, 4090, 4091, 4092, 4093, 4094, 4095, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK: [-1, -1, -1, -1, -1, -1, -1, -1],
// CHECK-NEXT: [-1, -1, -1, -1, 3632, 3633, 3634, 3635],
// CHECK-NEXT: [-1, -1, -1, -1, 3696, 3697, 3698, 3699]]
// CHECK: {{\[\[}}0, 0, 0, 0, -1, -1],
// CHECK-NEXT: [-1, -1, -1, -1, -1, -1]]
#WS = #gpu.address_space<workgroup>
!T = memref<64x64xf32>
!Map = memref<128xi8>
!Box = memref<512xf32, #WS>
!Bar = memref<1xi64, #WS>
!C2 = memref<2xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%mapA: !Map {tile.grid_constant}, %mapC: !Map {tile.grid_constant}, %B: memref<512xf32>)
        workgroup(%S: !Box, %bar: !Bar) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 2048 : i32
      %x0 = arith.constant 48 : i32
      %y0 = arith.constant 56 : i32
      %x1 = arith.constant 16 : i32
      %y1 = arith.constant 40 : i32
      %true = arith.constant true
      %tid = gpu.thread_id x
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !Bar, i32
        tile.apply "prefetch.tensormap" (%mapA) scope(thread) : !Map
        tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      }
      gpu.barrier
      scf.if %is0 {
        %st = tile.alloc_local : memref<1xi64, #tile.reg>
        %at = tile.alloc_local : !C2
        memref.store %x0, %at[%c0] : !C2
        memref.store %y0, %at[%c1] : !C2
        tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : memref<1xi64, #tile.reg>, !Bar, i32
        tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%S, %mapA, %at, %bar) scope(thread) : !Box, !Map, !C2, !Bar
      }
      %p = tile.alloc_local : memref<1xi1, #tile.reg>
      scf.while : () -> () {
        tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : memref<1xi1, #tile.reg>, !Bar, i32
        %done = memref.load %p[%c0] : memref<1xi1, #tile.reg>
        %again = arith.xori %done, %true : i1
        scf.condition(%again)
      } do {
        scf.yield
      }
      scf.if %is0 {
        %at = tile.alloc_local : !C2
        memref.store %x1, %at[%c0] : !C2
        memref.store %y1, %at[%c1] : !C2
        tile.apply "cp.async.bulk.global.shared::cta.bulk_group" (%B, %S, %bytes) scope(thread) : memref<512xf32>, !Box, i32
        tile.apply "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group" (%mapC, %at, %S) scope(thread) : !Map, !C2, !Box
        tile.apply "cp.async.bulk.commit_group" () scope(thread)
        tile.apply "cp.async.bulk.wait_group" (%zero) scope(thread) : i32
      }
      gpu.return
    }
  }

  func.func private @tileTensorMapEncodeTiled(memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32)
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %minus1 = arith.constant -1.0 : f32
    %f32 = arith.constant 7 : i32
    %none = arith.constant 0 : i32
    %rows = arith.constant 16 : i64
    %cols = arith.constant 32 : i64
    %hA = memref.alloc() : !T
    %hC = memref.alloc() : !T
    scf.for %r = %c0 to %c64 step %c1 {
      scf.for %c = %c0 to %c64 step %c1 {
        %r64 = arith.muli %r, %c64 : index
        %i = arith.addi %r64, %c : index
        %i32 = arith.index_cast %i : index to i32
        %v = arith.sitofp %i32 : i32 to f32
        memref.store %v, %hA[%r, %c] : !T
        memref.store %minus1, %hC[%r, %c] : !T
      }
    }
    %dA = gpu.alloc () : !T
    %dC = gpu.alloc () : !T
    %dB = gpu.alloc () : memref<512xf32>
    gpu.memcpy %dA, %hA : !T, !T
    gpu.memcpy %dC, %hC : !T, !T
    %box = memref.alloc() : memref<2xi64>
    memref.store %rows, %box[%c0] : memref<2xi64>
    memref.store %cols, %box[%c1] : memref<2xi64>
    %ubox = memref.cast %box : memref<2xi64> to memref<*xi64>
    %mapA = memref.alloc() {alignment = 64} : !Map
    %mapC = gpu.alloc () : !Map
    %umA = memref.cast %mapA : !Map to memref<*xi8>
    %umC = memref.cast %mapC : !Map to memref<*xi8>
    %uA = memref.cast %dA : !T to memref<*xf32>
    %uC = memref.cast %dC : !T to memref<*xf32>
    call @tileTensorMapEncodeTiled(%umA, %uA, %f32, %ubox, %none, %none) : (memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32) -> ()
    call @tileTensorMapEncodeTiled(%umC, %uC, %f32, %ubox, %none, %none) : (memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32) -> ()
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1)
        args(%mapA : !Map, %mapC : !Map, %dB : memref<512xf32>)
    %hB = memref.alloc() : memref<16x32xf32>
    %dB2 = memref.reinterpret_cast %dB to offset: [0], sizes: [16, 32], strides: [32, 1] : memref<512xf32> to memref<16x32xf32>
    gpu.memcpy %hB, %dB2 : memref<16x32xf32>, memref<16x32xf32>
    gpu.memcpy %hC, %dC : !T, !T
    %uB = memref.cast %hB : memref<16x32xf32> to memref<*xf32>
    call @printMemrefF32(%uB) : (memref<*xf32>) -> ()
    %c1a = memref.subview %hC[39, 12] [3, 8] [1, 1] : !T to memref<3x8xf32, strided<[64, 1], offset: 2508>>
    %u1 = memref.cast %c1a : memref<3x8xf32, strided<[64, 1], offset: 2508>> to memref<*xf32>
    call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
    %c2a = memref.subview %hC[55, 44] [2, 6] [1, 1] : !T to memref<2x6xf32, strided<[64, 1], offset: 3564>>
    %u2 = memref.cast %c2a : memref<2x6xf32, strided<[64, 1], offset: 3564>> to memref<*xf32>
    call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
    return
  }
}
