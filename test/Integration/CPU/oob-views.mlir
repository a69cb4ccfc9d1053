// The CPU backend's memory checks through views, on the loads and stores of
// tile.apply: an ld.global through a reinterpret_cast with a row stride of
// 10^8 elements, an st.global.v4 through a view at a negative offset, a
// subview that overruns its buffer, a memref<?xf32> of 4 elements cast to
// memref<8xf32>, a host view larger than its buffer, and a warp whose
// memref<32x1xf32> has only 8 elements behind it. Each reports the index
// into the memref the kernel names (the tile.apply operand) and the byte
// offset of the element in the buffer; the checks use the address the access
// would use, so no view reaches outside its buffer unreported.
// REQUIRES: cuda-runtime
// RUN: sed 's/WHICH/0/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: sed 's/WHICH/1/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=NEGOFF
// RUN: sed 's/WHICH/2/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=SUBVIEW
// RUN: sed 's/WHICH/3/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=CAST
// RUN: sed 's/WHICH/4/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=HOSTVIEW
// RUN: sed 's/WHICH/5/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=WARP
// STRIDE: tile-cpu: out-of-bounds read of 4 bytes in kernel @stride at block (0,0,0) thread (0,0,0): index [1, 0] of memref<2x4xf32, strided<[100000000, 1]>> (kernel argument 0 in global memory: a buffer of 16 bytes, at byte offset 400000000)
// STRIDE-NEXT: tile-cpu:   bytes [400000000, 400000004) lie outside the buffer
// NEGOFF: tile-cpu: out-of-bounds write of 4 bytes in kernel @negoff at block (0,0,0) thread (0,0,0): index [0, 0] of memref<1x4xf32, strided<[4, 1], offset: ?>> (kernel argument 0 in global memory: a buffer of 16 bytes, at byte offset -8)
// NEGOFF-NEXT: tile-cpu:   bytes [-8, -4) lie outside the buffer
// SUBVIEW: tile-cpu: out-of-bounds read of 4 bytes in kernel @subview at block (0,0,0) thread (2,0,0): index [2] of memref<4xf32, strided<[1], offset: ?>> (kernel argument 0 in global memory: a buffer of 16 bytes, at byte offset 16)
// CAST: tile-cpu: out-of-bounds read of 4 bytes in kernel @cast at block (0,0,0) thread (0,0,0): index [1, 0] of memref<2x4xf32> (kernel argument 0 in global memory: a buffer of 16 bytes, at byte offset 16)
// HOSTVIEW: tile-cpu: out-of-bounds write of 4 bytes in kernel @hostview at block (0,0,0) thread (4,0,0): index [4] of memref<8xf32> (kernel argument 0 in global memory: a buffer of 16 bytes, at byte offset 16)
// WARP: tile-cpu: out-of-bounds read of 4 bytes in kernel @warp at block (0,0,0) thread (8,0,0): index [8, 0] of memref<32x1xf32> (kernel argument 0 in global memory: a buffer of 32 bytes, at byte offset 32)
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @stride(%A: memref<4xf32>) kernel {
      %v = memref.reinterpret_cast %A to offset: [0], sizes: [2, 4], strides: [100000000, 1] : memref<4xf32> to memref<2x4xf32, strided<[100000000, 1]>>
      %r = tile.alloc_local : memref<2x4xf32, #tile.reg>
      tile.apply "ld.global.v4.f32" (%r, %v) scope(thread) : memref<2x4xf32, #tile.reg>, memref<2x4xf32, strided<[100000000, 1]>>
      gpu.return
    }
    gpu.func @negoff(%A: memref<4xf32>, %o: index) kernel {
      %v = memref.reinterpret_cast %A to offset: [%o], sizes: [1, 4], strides: [4, 1] : memref<4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
      %r = tile.alloc_local : memref<1x4xf32, #tile.reg>
      tile.apply "st.global.v4.f32" (%v, %r) scope(thread) : memref<1x4xf32, strided<[4, 1], offset: ?>>, memref<1x4xf32, #tile.reg>
      gpu.return
    }
    gpu.func @subview(%A: memref<4xf32>, %o: index) kernel {
      %t = gpu.thread_id x
      %s = memref.subview %A[%o] [4] [1] : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
      %v = memref.load %s[%t] : memref<4xf32, strided<[1], offset: ?>>
      gpu.return
    }
    gpu.func @cast(%A: memref<?xf32>) kernel {
      %s = memref.cast %A : memref<?xf32> to memref<8xf32>
      %e = memref.expand_shape %s [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
      %r = tile.alloc_local : memref<2x4xf32, #tile.reg>
      tile.apply "ld.global.v4.f32" (%r, %e) scope(thread) : memref<2x4xf32, #tile.reg>, memref<2x4xf32>
      gpu.return
    }
    gpu.func @hostview(%A: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %A[%t] : memref<8xf32>
      gpu.return
    }
    gpu.func @warp(%A: memref<?xf32>) kernel {
      %s = memref.cast %A : memref<?xf32> to memref<32xf32>
      %e = memref.expand_shape %s [[0, 1]] output_shape [32, 1] : memref<32xf32> into memref<32x1xf32>
      %r = tile.alloc_local : memref<32x1xf32, strided<[0, 1]>, #tile.reg>
      tile.apply "ld.global.f32" (%r, %e) scope(warp) : memref<32x1xf32, strided<[0, 1]>, #tile.reg>, memref<32x1xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %m2 = arith.constant -2 : index
    %which = arith.constant WHICH : index
    %A = gpu.alloc () : memref<4xf32>
    %D = gpu.alloc (%c4) : memref<?xf32>
    %W = gpu.alloc (%c8) : memref<?xf32>
    %V = memref.reinterpret_cast %A to offset: [0], sizes: [8], strides: [1] : memref<4xf32> to memref<8xf32>
    scf.index_switch %which
    case 0 {
      gpu.launch_func @m::@stride blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<4xf32>)
      scf.yield
    }
    case 1 {
      gpu.launch_func @m::@negoff blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<4xf32>, %m2 : index)
      scf.yield
    }
    case 2 {
      gpu.launch_func @m::@subview blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%A : memref<4xf32>, %c2 : index)
      scf.yield
    }
    case 3 {
      gpu.launch_func @m::@cast blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%D : memref<?xf32>)
      scf.yield
    }
    case 4 {
      gpu.launch_func @m::@hostview blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%V : memref<8xf32>)
      scf.yield
    }
    default {
      gpu.launch_func @m::@warp blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%W : memref<?xf32>)
      scf.yield
    }
    return
  }
}
