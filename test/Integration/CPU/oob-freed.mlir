// A kernel launched with a buffer the program has freed (gpu.dealloc): the
// CPU runtime keeps the freed buffer, as one of 0 bytes, until a new one
// takes its memory, so the first access to it is reported.
// REQUIRES: cuda-runtime
// RUN: not tile-runner --backend=cpu %s 2>&1 | FileCheck %s
// CHECK: tile-cpu: out-of-bounds read of 4 bytes in kernel @k at block (0,0,0) thread (0,0,0): index [0] of memref<4xf32> (kernel argument 0 in global memory: a buffer of 0 bytes, at byte offset 0)
// CHECK-NEXT: tile-cpu:   bytes [0, 4) lie outside the buffer
// CHECK-NEXT: tile-cpu:   the access: {{.*}}:[[# @LINE + 6]]:12 in gpu.module @m; the buffer: gpu.alloc at {{.*}}:[[# @LINE + 14]]:10 (freed)
// CHECK-NOT: tile-cpu
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %A[%t] : memref<4xf32>
      memref.store %v, %A[%t] : memref<4xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %A = gpu.alloc () : memref<4xf32>
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%A : memref<4xf32>)
    gpu.dealloc %A : memref<4xf32>
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%A : memref<4xf32>)
    return
  }
}
