// The CPU backend inlines the device functions (func.func in the
// gpu.module) that a kernel calls, also from its top-level body, where
// MLIR's inliner leaves calls in a gpu.func: @scaled calls @twice, which
// applies a PTX instruction. Each of 4 threads stores 4 * tid + 1, after
// 300,000 calls of @scratch, whose 64-byte memref.alloca moves to the
// kernel's entry when inlined (else, at -O0, each trip would take stack:
// 19 MB against a thread's 8 MiB).
// A call it cannot inline (@forever calls itself) is a located error.
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// RUN: tile-runner --backend=cpu -O0 %s | FileCheck %s
// RUN: sed 's/call @scaled(/call @forever(/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=RECURSIVE
// CHECK: sizes = [4]
// CHECK-NEXT: [1, 5, 9, 13]
// RECURSIVE: loc("<stdin>":{{[0-9]+}}:{{[0-9]+}}): error: 'func.call' op calls device function @forever, which the CPU backend could not inline into the kernel (a recursive call, one without a body or of several blocks, or ops that may not move there)
!R = memref<1xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    func.func @twice(%x: i32) -> i32 {
      %r = tile.alloc_local : !R
      tile.apply "add.s32" (%r, %x, %x) scope(thread) : !R, i32, i32
      %c0 = arith.constant 0 : index
      %v = memref.load %r[%c0] : !R
      return %v : i32
    }
    func.func @scaled(%x: i32) -> i32 {
      %a = func.call @twice(%x) : (i32) -> i32
      %b = func.call @twice(%a) : (i32) -> i32
      %one = arith.constant 1 : i32
      %c = arith.addi %b, %one : i32
      return %c : i32
    }
    func.func @scratch(%x: i32) -> i32 {
      %buf = memref.alloca() : memref<16xi32>
      %c0 = arith.constant 0 : index
      memref.store %x, %buf[%c0] : memref<16xi32>
      %v = memref.load %buf[%c0] : memref<16xi32>
      return %v : i32
    }
    func.func @forever(%x: i32) -> i32 {
      %y = func.call @forever(%x) : (i32) -> i32
      return %y : i32
    }
    gpu.func @k(%O: memref<4xi32>) kernel {
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %trips = arith.constant 300000 : index
      %same = scf.for %i = %c0 to %trips step %c1 iter_args(%a = %t) -> (i32) {
        %r = func.call @scratch(%a) : (i32) -> i32
        scf.yield %r : i32
      }
      %v = func.call @scaled(%same) : (i32) -> i32
      memref.store %v, %O[%tid] : memref<4xi32>
      // The threads run as fibers (8 MiB stacks each).
      gpu.barrier
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %dO = gpu.alloc () : memref<4xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%dO : memref<4xi32>)
    %h = memref.alloc() : memref<4xi32>
    gpu.memcpy %h, %dO : memref<4xi32>, memref<4xi32>
    %u = memref.cast %h : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
