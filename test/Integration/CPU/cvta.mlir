// cvta on the CPU backend: Integration/CUDA/cvta.mlir gives the GPU's
// lines (shared addresses are window offsets in the CTA's arena, global
// ones the host address). A workgroup buffer of a strided layout lies in
// the arena too (0x400 for the first buffer, as on the GPU; the CPU
// backend puts the next one at the next KiB, 0x800); one of dynamic
// layout is refused.
// RUN: tile-runner --backend=cpu %S/../CUDA/cvta.mlir | FileCheck %S/../CUDA/cvta.mlir
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// RUN: sed -e '/%flat\|%v = \|store %v,/d' -e 's/strided<\[1, 4\]>/strided<[1, ?]>/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DYN
// CHECK: [1024, 2048, 7]
// DYN: error: 'gpu.func' op has a workgroup buffer of dynamic layout ('memref<4x4xi32, strided<[1, ?]>>'), whose strides and offset no launch gives: the CPU backend cannot lay it out
#WS = #gpu.address_space<workgroup>
!S = memref<4x4xi32, strided<[1, 4]>, #WS>
!T = memref<4xi32, #WS>
!R = memref<1xi64, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%Out: memref<3xi64>) workgroup(%S: !S, %T: !T) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %seven = arith.constant 7 : i32
      memref.store %seven, %S[%c3, %c3] : !S
      %flat = memref.subview %S[0, 0] [1, 1] [1, 1] : !S to memref<1xi32, strided<[4]>, #WS>
      %w = tile.alloc_local : !R
      tile.apply "cvta.to.shared.u64" (%w, %flat) scope(thread) : !R, memref<1xi32, strided<[4]>, #WS>
      %v = memref.load %w[%c0] : !R
      memref.store %v, %Out[%c0] : memref<3xi64>
      %t = tile.alloc_local : !R
      tile.apply "cvta.to.shared.u64" (%t, %T) scope(thread) : !R, !T
      %tv = memref.load %t[%c0] : !R
      memref.store %tv, %Out[%c1] : memref<3xi64>
      %x = memref.load %S[%c3, %c3] : !S
      %x64 = arith.extsi %x : i32 to i64
      memref.store %x64, %Out[%c2] : memref<3xi64>
      gpu.return
    }
  }
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %o = gpu.alloc () : memref<3xi64>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%o : memref<3xi64>)
    %h = memref.alloc() : memref<3xi64>
    gpu.memcpy %h, %o : memref<3xi64>, memref<3xi64>
    %u = memref.cast %h : memref<3xi64> to memref<*xi64>
    call @printMemrefI64(%u) : (memref<*xi64>) -> ()
    return
  }
}
