// The CPU backend's memory checks on global memory through memref.load and
// memref.store: a read of index 1000 of a memref<4xf32> and a write past its
// end are reported with the kernel, block, thread, memref, index and buffer,
// and stop the program (exit status 1) before the access, so nothing after
// the launch runs; a negative index and a dynamically sized memref too. Only
// thread (3,0,0) of block (1,0,0) goes wrong (for the 3 elements of the
// dynamically sized one, thread (3,0,0) of block (0,0,0)).
// REQUIRES: cuda-runtime
// RUN: sed 's/WHICH/0/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --implicit-check-not=Memref --check-prefix=READ
// RUN: sed 's/WHICH/1/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --implicit-check-not=Memref --check-prefix=WRITE
// RUN: sed 's/WHICH/2/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --implicit-check-not=Memref --check-prefix=NEG
// RUN: sed 's/WHICH/3/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --implicit-check-not=Memref --check-prefix=DYN
// READ: tile-cpu: out-of-bounds read of 4 bytes in kernel @k at block (1,0,0) thread (3,0,0): index [1000] of memref<4xf32> (kernel argument 0 in global memory: a buffer of 16 bytes, at byte offset 4000)
// READ-NEXT: tile-cpu:   index 1000 is outside dimension 0 (size 4)
// READ-NEXT: tile-cpu:   the access: {{.*}}:[[# @LINE + 27]]:12 in gpu.module @m; the buffer: gpu.alloc at {{.*}}:[[# @LINE + 50]]:10
// WRITE: tile-cpu: out-of-bounds write of 4 bytes in kernel @k at block (1,0,0) thread (3,0,0): index [4] of memref<4xf32> (kernel argument 0 in global memory: a buffer of 16 bytes, at byte offset 16)
// WRITE-NEXT: index 4 is outside dimension 0 (size 4)
// NEG: tile-cpu: out-of-bounds read of 4 bytes in kernel @k at block (1,0,0) thread (3,0,0): index [-1] of memref<4xf32> (kernel argument 0 in global memory: a buffer of 16 bytes, at byte offset -4)
// NEG-NEXT: index -1 is outside dimension 0 (size 4)
// DYN: tile-cpu: out-of-bounds write of 4 bytes in kernel @k at block (0,0,0) thread (3,0,0): index [3] of memref<?xf32> (kernel argument 1 in global memory: a buffer of 12 bytes, at byte offset 12)
// DYN-NEXT: index 3 is outside dimension 0 (size 3)
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<4xf32>, %D: memref<?xf32>, %which: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %one = arith.constant 1.0 : f32
      %t3 = arith.cmpi eq, %t, %c3 : index
      %b1 = arith.cmpi eq, %b, %c1 : index
      %bad = arith.andi %t3, %b1 : i1
      %w0 = arith.cmpi eq, %which, %c0 : index
      %w1 = arith.cmpi eq, %which, %c1 : index
      %w2 = arith.cmpi eq, %which, %c2 : index
      // Read index 1000 on the bad thread (WHICH = 0), else its own.
      %c1000 = arith.constant 1000 : index
      %r = arith.select %bad, %c1000, %t : index
      %ri = arith.select %w0, %r, %t : index
      %v = memref.load %A[%ri] : memref<4xf32>
      // Write index 4 (1).
      %c4 = arith.constant 4 : index
      %w = arith.select %bad, %c4, %t : index
      %wi = arith.select %w1, %w, %t : index
      memref.store %v, %A[%wi] : memref<4xf32>
      // Read index -1 (2).
      %m1 = arith.constant -1 : index
      %n = arith.select %bad, %m1, %t : index
      %ni = arith.select %w2, %n, %t : index
      %u = memref.load %A[%ni] : memref<4xf32>
      // %D has 3 elements (3), else 4.
      memref.store %u, %D[%t] : memref<?xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %which = arith.constant WHICH : index
    %A = gpu.alloc () : memref<4xf32>
    %c3or4 = arith.cmpi eq, %which, %c3 : index
    %n = arith.select %c3or4, %c3, %c4 : index
    %D = gpu.alloc (%n) : memref<?xf32>
    gpu.launch_func @m::@k blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%A : memref<4xf32>, %D : memref<?xf32>, %which : index)
    %u = memref.cast %A : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
