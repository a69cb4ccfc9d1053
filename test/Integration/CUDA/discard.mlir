// discard.global.L2 of a 128-byte line: 32 threads of one CTA. The host
// fills A with 500 + i; thread i writes 1000 + i to A[i] and fences;
// the CTA meets; thread 0 discards A's line (A is 256-byte aligned); the
// CTA meets; thread i reads A[i] into B[i] (the ISA: an indeterminate
// value), then writes 2000 + i to A[i]. A is checked; B is printed as the
// measurement of what the GPU reads after a discard (docs/GPU-Results.md).
// The CPU backend keeps the bytes (Integration/CPU/discard.mlir checks B
// there).
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [32]
// CHECK-NEXT: [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%A: memref<32xi32>, %B: memref<32xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : i32
      %c1000 = arith.constant 1000 : i32
      %c2000 = arith.constant 2000 : i32
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %v1 = arith.addi %t, %c1000 : i32
      memref.store %v1, %A[%tid] : memref<32xi32>
      tile.apply "fence.acq_rel.gpu" () scope(thread)
      gpu.barrier
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        %line = memref.subview %A[0] [1] [1] : memref<32xi32> to memref<1xi32, strided<[1]>>
        tile.apply "discard.global.L2" (%line, %c128) scope(thread) : memref<1xi32, strided<[1]>>, i32
      }
      gpu.barrier
      %got = memref.load %A[%tid] : memref<32xi32>
      memref.store %got, %B[%tid] : memref<32xi32>
      %v2 = arith.addi %t, %c2000 : i32
      memref.store %v2, %A[%tid] : memref<32xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c500 = arith.constant 500 : i32
    %h = memref.alloc() : memref<32xi32>
    scf.for %i = %c0 to %c32 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.addi %ii, %c500 : i32
      memref.store %v, %h[%i] : memref<32xi32>
    }
    %a = gpu.alloc () : memref<32xi32>
    %b = gpu.alloc () : memref<32xi32>
    gpu.memcpy %a, %h : memref<32xi32>, memref<32xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<32xi32>, %b : memref<32xi32>)
    gpu.memcpy %h, %a : memref<32xi32>, memref<32xi32>
    %u = memref.cast %h : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %hb = memref.alloc() : memref<32xi32>
    gpu.memcpy %hb, %b : memref<32xi32>, memref<32xi32>
    %ub = memref.cast %hb : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    return
  }
}
