// Special registers (the table's SpecialReg records) read through their
// NVVM ops by 64 threads: %lanemask_eq/le/lt/ge/gt and %laneid, then
// whether a second read of %clock64 is larger than the first, a second
// %clock is ahead of the first (mod 2^32), and a second %globaltimer is not
// before the first. The GPU reads them with mov; the CPU backend computes
// the masks and the lane from the thread's lane and reads a counter for
// the clocks (Integration/CPU/special-registers.test).
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [64, 9] strides = [9, 1]
// CHECK-NEXT: {{\[?}}[1, 1, 0, -1, -2, 0, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[2, 3, 1, -2, -4, 1, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[4, 7, 3, -4, -8, 2, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[8, 15, 7, -8, -16, 3, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[16, 31, 15, -16, -32, 4, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[32, 63, 31, -32, -64, 5, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[64, 127, 63, -64, -128, 6, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[128, 255, 127, -128, -256, 7, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[256, 511, 255, -256, -512, 8, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[512, 1023, 511, -512, -1024, 9, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[1024, 2047, 1023, -1024, -2048, 10, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[2048, 4095, 2047, -2048, -4096, 11, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[4096, 8191, 4095, -4096, -8192, 12, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[8192, 16383, 8191, -8192, -16384, 13, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[16384, 32767, 16383, -16384, -32768, 14, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[32768, 65535, 32767, -32768, -65536, 15, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[65536, 131071, 65535, -65536, -131072, 16, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[131072, 262143, 131071, -131072, -262144, 17, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[262144, 524287, 262143, -262144, -524288, 18, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[524288, 1048575, 524287, -524288, -1048576, 19, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[1048576, 2097151, 1048575, -1048576, -2097152, 20, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[2097152, 4194303, 2097151, -2097152, -4194304, 21, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[4194304, 8388607, 4194303, -4194304, -8388608, 22, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[8388608, 16777215, 8388607, -8388608, -16777216, 23, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[16777216, 33554431, 16777215, -16777216, -33554432, 24, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[33554432, 67108863, 33554431, -33554432, -67108864, 25, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[67108864, 134217727, 67108863, -67108864, -134217728, 26, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[134217728, 268435455, 134217727, -134217728, -268435456, 27, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[268435456, 536870911, 268435455, -268435456, -536870912, 28, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[536870912, 1073741823, 536870911, -536870912, -1073741824, 29, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[1073741824, 2147483647, 1073741823, -1073741824, -2147483648, 30, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[-2147483648, -1, 2147483647, -2147483648, 0, 31, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[1, 1, 0, -1, -2, 0, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[2, 3, 1, -2, -4, 1, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[4, 7, 3, -4, -8, 2, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[8, 15, 7, -8, -16, 3, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[16, 31, 15, -16, -32, 4, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[32, 63, 31, -32, -64, 5, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[64, 127, 63, -64, -128, 6, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[128, 255, 127, -128, -256, 7, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[256, 511, 255, -256, -512, 8, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[512, 1023, 511, -512, -1024, 9, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[1024, 2047, 1023, -1024, -2048, 10, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[2048, 4095, 2047, -2048, -4096, 11, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[4096, 8191, 4095, -4096, -8192, 12, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[8192, 16383, 8191, -8192, -16384, 13, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[16384, 32767, 16383, -16384, -32768, 14, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[32768, 65535, 32767, -32768, -65536, 15, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[65536, 131071, 65535, -65536, -131072, 16, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[131072, 262143, 131071, -131072, -262144, 17, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[262144, 524287, 262143, -262144, -524288, 18, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[524288, 1048575, 524287, -524288, -1048576, 19, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[1048576, 2097151, 1048575, -1048576, -2097152, 20, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[2097152, 4194303, 2097151, -2097152, -4194304, 21, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[4194304, 8388607, 4194303, -4194304, -8388608, 22, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[8388608, 16777215, 8388607, -8388608, -16777216, 23, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[16777216, 33554431, 16777215, -16777216, -33554432, 24, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[33554432, 67108863, 33554431, -33554432, -67108864, 25, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[67108864, 134217727, 67108863, -67108864, -134217728, 26, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[134217728, 268435455, 134217727, -134217728, -268435456, 27, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[268435456, 536870911, 268435455, -268435456, -536870912, 28, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[536870912, 1073741823, 536870911, -536870912, -1073741824, 29, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[1073741824, 2147483647, 1073741823, -1073741824, -2147483648, 30, 1, 1, 1]
// CHECK-NEXT: {{\[?}}[-2147483648, -1, 2147483647, -2147483648, 0, 31, 1, 1, 1]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%O: memref<64x9xi32>) kernel {
      %tid = gpu.thread_id x
      %eq = nvvm.read.ptx.sreg.lanemask.eq : i32
      %le = nvvm.read.ptx.sreg.lanemask.le : i32
      %lt = nvvm.read.ptx.sreg.lanemask.lt : i32
      %ge = nvvm.read.ptx.sreg.lanemask.ge : i32
      %gt = nvvm.read.ptx.sreg.lanemask.gt : i32
      %lane = nvvm.read.ptx.sreg.laneid : i32
      %t0 = nvvm.read.ptx.sreg.clock64 : i64
      %t1 = nvvm.read.ptx.sreg.clock64 : i64
      %c0 = nvvm.read.ptx.sreg.clock : i32
      %c1 = nvvm.read.ptx.sreg.clock : i32
      %g0 = nvvm.read.ptx.sreg.globaltimer : i64
      %g1 = nvvm.read.ptx.sreg.globaltimer : i64
      %later64 = arith.cmpi sgt, %t1, %t0 : i64
      %dc = arith.subi %c1, %c0 : i32
      %big = arith.constant 1073741824 : i32
      %later32 = arith.cmpi ult, %dc, %big : i32
      %notbefore = arith.cmpi uge, %g1, %g0 : i64
      %v6 = arith.extui %later64 : i1 to i32
      %v7 = arith.extui %later32 : i1 to i32
      %v8 = arith.extui %notbefore : i1 to i32
      %i0 = arith.constant 0 : index
      %i1 = arith.constant 1 : index
      %i2 = arith.constant 2 : index
      %i3 = arith.constant 3 : index
      %i4 = arith.constant 4 : index
      %i5 = arith.constant 5 : index
      %i6 = arith.constant 6 : index
      %i7 = arith.constant 7 : index
      %i8 = arith.constant 8 : index
      memref.store %eq, %O[%tid, %i0] : memref<64x9xi32>
      memref.store %le, %O[%tid, %i1] : memref<64x9xi32>
      memref.store %lt, %O[%tid, %i2] : memref<64x9xi32>
      memref.store %ge, %O[%tid, %i3] : memref<64x9xi32>
      memref.store %gt, %O[%tid, %i4] : memref<64x9xi32>
      memref.store %lane, %O[%tid, %i5] : memref<64x9xi32>
      memref.store %v6, %O[%tid, %i6] : memref<64x9xi32>
      memref.store %v7, %O[%tid, %i7] : memref<64x9xi32>
      memref.store %v8, %O[%tid, %i8] : memref<64x9xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %O = gpu.alloc () : memref<64x9xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%O : memref<64x9xi32>)
    %h = memref.alloc() : memref<64x9xi32>
    gpu.memcpy %h, %O : memref<64x9xi32>, memref<64x9xi32>
    %u = memref.cast %h : memref<64x9xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
