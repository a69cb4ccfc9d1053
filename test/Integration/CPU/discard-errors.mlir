// A discard the CPU backend cannot run as asked ends the run with the
// thread, the instruction and the reason: a line that does not start at a
// multiple of 128 bytes of its buffer (the ISA: a must be aligned to 128
// bytes), a line that reaches past its buffer (with the memory checks on:
// its bytes become indeterminate). Each RUN turns one of the kernel's
// commented instructions on (sed); an aligned line in its buffer runs.
// REQUIRES: cuda-runtime
// RUN: sed 's|^//A |    |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: sed 's|^//P |    |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: sed 's|^//K |    |' %s | tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=OK
// ALIGN: tile-cpu: 'discard.global.L2': its line at byte 4 of gpu.alloc at <stdin>:{{[0-9]+}}:{{[0-9]+}} is not 128-byte aligned
// PAST: tile-cpu: 'discard.global.L2': its line reaches byte 256 of gpu.alloc at <stdin>:{{[0-9]+}}:{{[0-9]+}}, a buffer of 160 bytes
// OK: sizes = [40]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%A: memref<40xi32>) kernel {
      %c128 = arith.constant 128 : i32
      %at1 = memref.subview %A[1] [1] [1] : memref<40xi32> to memref<1xi32, strided<[1], offset: 1>>
      %at32 = memref.subview %A[32] [1] [1] : memref<40xi32> to memref<1xi32, strided<[1], offset: 32>>
      %at0 = memref.subview %A[0] [1] [1] : memref<40xi32> to memref<1xi32, strided<[1]>>
//A   tile.apply "discard.global.L2" (%at1, %c128) scope(thread) : memref<1xi32, strided<[1], offset: 1>>, i32
//P   tile.apply "discard.global.L2" (%at32, %c128) scope(thread) : memref<1xi32, strided<[1], offset: 32>>, i32
//K   tile.apply "discard.global.L2" (%at0, %c128) scope(thread) : memref<1xi32, strided<[1]>>, i32
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %A = gpu.alloc () : memref<40xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<40xi32>)
    %h = memref.alloc() : memref<40xi32>
    gpu.memcpy %h, %A : memref<40xi32>, memref<40xi32>
    %u = memref.cast %h : memref<40xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
