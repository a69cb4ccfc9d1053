// A thread whose local memory overflows its stack on the CPU backend (a
// thread of a block that synchronizes runs on a stack of its own) is
// reported, whether one frame is too large (a 64 MiB dynamic memref.alloca)
// or a dynamic alloca in a loop grows it trip by trip; nothing is written
// past the stack. A static alloca that large is refused before it runs (a
// thread has at most 512 KiB of local memory); one of 512 KiB runs.
// REQUIRES: cuda-runtime
// RUN: sed 's/WHICH/0/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=FRAME
// RUN: sed 's/WHICH/1/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: sed 's/WHICH/2/' %s | tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=FITS
// RUN: sed 's/WHICH/0/; s/alloca(%n64m)/alloca()/; s/<?xf32>/<16777216xf32>/g' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: error: 'gpu.func' op takes 67108864 bytes of local memory per thread
// FRAME: tile-cpu: thread 0 of the block overflowed its stack of 8128 KiB: its local memory (memref.alloca, private buffers, register tiles) is too large (a GPU thread has at most 512 KiB)
// FRAME-NOT: ran
// LOOP: tile-cpu: thread 0 of the block overflowed its stack of 8128 KiB
// LOOP-NOT: ran
// FITS: data =
// FITS-NEXT: [0, 2, 4, 6]
// FITS: ran
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @frame(%out: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %n64m = arith.constant 16777216 : index
      %buf = memref.alloca(%n64m) : memref<?xf32>
      %last = arith.constant 16777215 : index
      %i = arith.subi %last, %t : index
      %v = arith.index_cast %t : index to i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %buf[%t] : memref<?xf32>
      memref.store %f, %buf[%i] : memref<?xf32>
      gpu.barrier
      %a = memref.load %buf[%t] : memref<?xf32>
      %b = memref.load %buf[%i] : memref<?xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %out[%t] : memref<4xf32>
      gpu.return
    }
    gpu.func @loop(%out: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %n = arith.constant 262144 : index
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      gpu.barrier
      scf.for %k = %c0 to %c64 step %c1 {
        %buf = memref.alloca(%n) : memref<?xi32>
        memref.store %v, %buf[%t] : memref<?xi32>
        %a = memref.load %buf[%t] : memref<?xi32>
        %g = arith.sitofp %a : i32 to f32
        memref.store %g, %out[%t] : memref<4xf32>
      }
      gpu.return
    }
    gpu.func @fits(%out: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %buf = memref.alloca() : memref<131072xf32>
      %last = arith.constant 131071 : index
      %i = arith.subi %last, %t : index
      %v = arith.index_cast %t : index to i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %buf[%t] : memref<131072xf32>
      memref.store %f, %buf[%i] : memref<131072xf32>
      gpu.barrier
      %a = memref.load %buf[%t] : memref<131072xf32>
      %b = memref.load %buf[%i] : memref<131072xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %out[%t] : memref<4xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @puts(!llvm.ptr) -> i32
  llvm.mlir.global private constant @ran("ran\00")

  func.func @main() {
    %which = arith.constant WHICH : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %m = gpu.alloc () : memref<4xf32>
    %is0 = arith.cmpi eq, %which, %c0 : index
    %is1 = arith.cmpi eq, %which, %c1 : index
    scf.if %is0 {
      gpu.launch_func @kernels::@frame blocks in (%c1, %c1, %c1)
          threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    } else {
      scf.if %is1 {
        gpu.launch_func @kernels::@loop blocks in (%c1, %c1, %c1)
            threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
      } else {
        gpu.launch_func @kernels::@fits blocks in (%c1, %c1, %c1)
            threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
      }
    }
    %h = memref.alloc() : memref<4xf32>
    gpu.memcpy %h, %m : memref<4xf32>, memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %s = llvm.mlir.addressof @ran : !llvm.ptr
    %r = func.call @puts(%s) : (!llvm.ptr) -> i32
    return
  }
}
