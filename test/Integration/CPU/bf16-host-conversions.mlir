// Host code that converts to bf16 at run time (arith.truncf from f32 and
// from f64, of values a kernel computed) runs in the JIT for this host and
// for the x86-64 baseline, whose code calls __truncsfbf2 and __truncdfbf2
// (the JIT provides them: libgcc 12 has neither). The kernel negates eight
// bf16 values; the host scales each by 1 + 2^-8 (ties: to even), by
// 1 + 3 * 2^-9 (rounds up) in f32, and by 1 + 2^-8 + 2^-40 in f64 (one
// rounding: up; rounding to f32 first would give the tie, to even). The
// bf16 bits, zero-extended, worked out by hand.
// REQUIRES: cuda-runtime
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// RUN: tile-runner --backend=cpu --jit-cpu=x86-64 %s | FileCheck %s
// RUN: tile-runner --backend=cpu -O 0 --jit-cpu=x86-64 %s | FileCheck %s
// CHECK: [49024, 16417, 32768, 49217, 16256, 48896, 0, 49377]
// CHECK: [49025, 16417, 32768, 49217, 16257, 48897, 0, 49377]
// CHECK: [49025, 16417, 32768, 49217, 16257, 48897, 0, 49377]
module attributes {gpu.container_module} {
  // 1.0, -2.5, 0.0, 3.0, -1.0, 0.5, -0.0, 7.0
  memref.global "private" constant @A : memref<8x1xi16> = dense<[[16256], [-16352], [0], [16448], [-16512], [16128], [-32768], [16608]]>
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<8x1xi16>, %O: memref<8x1xi16>) kernel {
      %a = tile.alloc_local : memref<8x1xbf16, #tile.reg>
      tile.apply "ld.global.b16" (%a, %A) scope(thread) : memref<8x1xbf16, #tile.reg>, memref<8x1xi16>
      tile.apply "neg.bf16" (%a, %a) scope(thread) : memref<8x1xbf16, #tile.reg>, memref<8x1xbf16, #tile.reg>
      tile.apply "st.global.b16" (%O, %a) scope(thread) : memref<8x1xi16>, memref<8x1xbf16, #tile.reg>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %tie = arith.constant 1.00390625 : f32
    %up = arith.constant 1.005859375 : f32
    %sticky = arith.constant 1.0039062500009095 : f64
    %A = memref.get_global @A : memref<8x1xi16>
    %dA = gpu.alloc () : memref<8x1xi16>
    gpu.memcpy %dA, %A : memref<8x1xi16>, memref<8x1xi16>
    %dO = gpu.alloc () : memref<8x1xi16>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%dA : memref<8x1xi16>, %dO : memref<8x1xi16>)
    %h = memref.alloc() : memref<8x1xi16>
    gpu.memcpy %h, %dO : memref<8x1xi16>, memref<8x1xi16>
    %w = memref.alloc() : memref<3x8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %bits = memref.load %h[%i, %c0] : memref<8x1xi16>
      %v = arith.bitcast %bits : i16 to bf16
      %f = arith.extf %v : bf16 to f32
      %d = arith.extf %v : bf16 to f64
      %y0 = arith.mulf %f, %tie : f32
      %y1 = arith.mulf %f, %up : f32
      %y2 = arith.mulf %d, %sticky : f64
      %t0 = arith.truncf %y0 : f32 to bf16
      %t1 = arith.truncf %y1 : f32 to bf16
      %t2 = arith.truncf %y2 : f64 to bf16
      %b0 = arith.bitcast %t0 : bf16 to i16
      %b1 = arith.bitcast %t1 : bf16 to i16
      %b2 = arith.bitcast %t2 : bf16 to i16
      %z0 = arith.extui %b0 : i16 to i32
      %z1 = arith.extui %b1 : i16 to i32
      %z2 = arith.extui %b2 : i16 to i32
      %r0 = arith.constant 0 : index
      %r1 = arith.constant 1 : index
      %r2 = arith.constant 2 : index
      memref.store %z0, %w[%r0, %i] : memref<3x8xi32>
      memref.store %z1, %w[%r1, %i] : memref<3x8xi32>
      memref.store %z2, %w[%r2, %i] : memref<3x8xi32>
    }
    %u = memref.cast %w : memref<3x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
