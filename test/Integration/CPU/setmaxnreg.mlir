// setmaxnreg changes a warp's register budget and computes nothing: the
// CPU backend runs it as a no-op, and the kernel's store still happens.
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// CHECK: [7]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k(%O: memref<1xi32>) kernel {
      %c40 = arith.constant 40 : i32
      %c7 = arith.constant 7 : i32
      %r = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "setmaxnreg.dec.sync.aligned.u32" (%c40) scope(thread) : i32
      tile.apply "mov.b32" (%r, %c7) scope(thread) : memref<1xi32, #tile.reg>, i32
      tile.apply "st.global.b32" (%O, %r) scope(thread) : memref<1xi32>, memref<1xi32, #tile.reg>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %O = gpu.alloc () : memref<1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%O : memref<1xi32>)
    %h = memref.alloc() : memref<1xi32>
    gpu.memcpy %h, %O : memref<1xi32>, memref<1xi32>
    %u = memref.cast %h : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
