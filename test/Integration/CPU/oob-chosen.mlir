// The CPU backend's memory checks on memrefs chosen at run time: an scf.if
// that yields one of two kernel arguments (its buffer is looked up where it
// is defined), and an arith.select of two (the buffers are selected with
// it), one of which is a host view of 4 elements over a buffer of 2. A
// thread's own buffer chosen with an scf.if is found too (the kernel then
// records its buffers).
// REQUIRES: cuda-runtime
// RUN: sed 's/WHICH/0/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=IF
// RUN: sed 's/WHICH/1/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=SELECT
// RUN: sed 's/WHICH/2/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=LOCAL
// IF: tile-cpu: out-of-bounds write of 4 bytes in kernel @chosen at block (0,0,0) thread (2,0,0): index [4] of memref<4xf32> (the buffer that holds the memref, found at run time in global memory: a buffer of 16 bytes, at byte offset 16)
// IF-NEXT: tile-cpu:   index 4 is outside dimension 0 (size 4)
// IF-NEXT: tile-cpu:   the access: {{.*}} in gpu.module @m; the buffer: gpu.alloc at
// SELECT: tile-cpu: out-of-bounds write of 4 bytes in kernel @selected at block (0,0,0) thread (2,0,0): index [2] of memref<4xf32> (kernel argument 0 or kernel argument 1 in global memory: a buffer of 8 bytes, at byte offset 8)
// SELECT-NEXT: tile-cpu:   bytes [8, 12) lie outside the buffer
// LOCAL: tile-cpu: out-of-bounds write of 4 bytes in kernel @local at block (0,0,0) thread (0,0,0): index [2] of memref<4xf32> (the buffer that holds the memref, found at run time in global memory: a buffer of 8 bytes, at byte offset 8)
// LOCAL-NEXT: tile-cpu:   bytes [8, 12) lie outside the buffer
// LOCAL-NEXT: tile-cpu:   the access: {{.*}} in gpu.module @m; the buffer: memref.alloca at
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @chosen(%A: memref<4xf32>, %B: memref<4xf32>) kernel {
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %p = arith.cmpi ult, %t, %c3 : index
      %m = scf.if %p -> memref<4xf32> {
        scf.yield %A : memref<4xf32>
      } else {
        scf.yield %B : memref<4xf32>
      }
      %i = arith.muli %t, %c2 : index
      memref.store %one, %m[%i] : memref<4xf32>
      gpu.return
    }
    gpu.func @selected(%A: memref<4xf32>, %B: memref<4xf32>) kernel {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %p = arith.cmpi ult, %t, %c1 : index
      %m = arith.select %p, %A, %B : memref<4xf32>
      memref.store %one, %m[%t] : memref<4xf32>
      gpu.return
    }
    gpu.func @local(%A: memref<4xf32>, %i: index) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %P = memref.alloca() : memref<2xf32>
      %p = arith.cmpi eq, %t, %c0 : index
      %m = scf.if %p -> memref<4xf32> {
        %v = memref.reinterpret_cast %P to offset: [0], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32>
        scf.yield %v : memref<4xf32>
      } else {
        scf.yield %A : memref<4xf32>
      }
      memref.store %one, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %which = arith.constant WHICH : index
    %A = gpu.alloc () : memref<4xf32>
    %B = gpu.alloc () : memref<4xf32>
    %C = gpu.alloc () : memref<2xf32>
    %Cv = memref.reinterpret_cast %C to offset: [0], sizes: [4], strides: [1] : memref<2xf32> to memref<4xf32>
    scf.index_switch %which
    case 0 {
      gpu.launch_func @m::@chosen blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%A : memref<4xf32>, %B : memref<4xf32>)
      scf.yield
    }
    case 1 {
      gpu.launch_func @m::@selected blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%A : memref<4xf32>, %Cv : memref<4xf32>)
      scf.yield
    }
    default {
      gpu.launch_func @m::@local blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<4xf32>, %c2 : index)
      scf.yield
    }
    return
  }
}
