// Division and the special functions: each form once on constants, one
// thread. The expected bits are worked out by hand: the IEEE-rounded forms'
// from the exact quotient or root, the approximations' only where the ISA's
// special-value tables fix them (zeros, infinities, NaN), so that the
// GPU and the CPU backend must both give them.
//   sqrt.rn.f32(0x40000000) = 0x3FB504F3: sqrt(2) = 1.4142135623..., nearest float 1.41421354
//   sqrt.rp.f32(0x40000000) = 0x3FB504F4: rounded up: the next float
//   div.rn.f32(0x3F800000, 0x40400000) = 0x3EAAAAAB: 1/3: significand 0xAAAAAA.AA..., to nearest up
//   div.rz.f32(0x3F800000, 0x40400000) = 0x3EAAAAAA: 1/3 toward zero
//   rcp.rn.ftz.f32(0x40400000) = 0x3EAAAAAB: 1/3 to nearest
//   rcp.rm.f32(0x40400000) = 0x3EAAAAAA: 1/3 down
//   div.approx.f32(0x3F800000, 0x7F000000) = 0x00000000: the ISA: 2^126 < |b| < 2^128 gives 0
//   rsqrt.approx.f32(0x80000000) = 0xFF800000: the ISA: rsqrt(-0) = -inf
//   ex2.approx.f32(0xFF800000) = 0x00000000: the ISA: ex2(-inf) = +0
//   ex2.approx.ftz.f32(0x80000000) = 0x3F800000: the ISA: ex2(-0) = 1
//   lg2.approx.f32(0x00000000) = 0xFF800000: the ISA: lg2(+0) = -inf
//   lg2.approx.ftz.f32(0x7F800000) = 0x7F800000: the ISA: lg2(+inf) = +inf
//   sin.approx.f32(0x80000000) = 0x80000000: the ISA: sin(-0) = -0
//   cos.approx.ftz.f32(0x00000001) = 0x3F800000: cos of a flushed subnormal: cos(+0) = 1
//   tanh.approx.f32(0x7F800000) = 0x3F800000: the ISA: tanh(+inf) = 1
//   rcp.approx.ftz.f32(0x7F800000) = 0x00000000: the ISA: rcp(+inf) = +0
//   sqrt.approx.f32(0x80000000) = 0x80000000: the ISA: sqrt(-0) = -0
//   ex2.approx.f16x2(0xFC000000) = 0x00003C00: lanes (-inf, +0): (+0, 1.0)
//   tanh.approx.f16x2(0xFC000000) = 0xBC000000: lanes (-inf, +0): (-1.0, +0)
//   ex2.approx.ftz.bf16x2(0x00010000) = 0x3F803F80: lanes (a subnormal, +0): 1.0 each
//   tanh.approx.bf16x2(0x80007F80) = 0x80003F80: lanes (-0, +inf): (-0, 1.0)
//   rcp.rn.f64(0x4008000000000000) = 0x3FD5555555555555: 1/3 to nearest
//   rcp.rp.f64(0x4008000000000000) = 0x3FD5555555555556: 1/3 up
//   div.rn.f64(0x3FF0000000000000, 0x4008000000000000) = 0x3FD5555555555555: 1/3
//   sqrt.rn.f64(0x4000000000000000) = 0x3FF6A09E667F3BCD: sqrt(2) to nearest
//   rcp.approx.ftz.f64(0x8000000000000000) = 0xFFF0000000000000: the ISA: rcp(-0) = -inf
//   rsqrt.approx.ftz.f64(0x7FF8000000000001) = 0x7FFFFFFF00000000: the ISA: a NaN gives 0x7FFFFFFF00000000
//   rcp.approx.ftz.f64(0x0000000100000000) = 0x7FF0000000000000: the ISA: +subnormal gives +inf
// RUN: tile-runner %s | FileCheck %s
// CHECK: [1068827891, 1068827892, 1051372203, 1051372202, 1051372203, 1051372202, 0, -8388608, 0, 1065353216, -8388608, 2139095040, -2147483648, 1065353216, 1065353216, 0, -2147483648, 15360, -1140850688, 1065369472, -2147467392]
// CHECK: [4599676419421066581, 4599676419421066582, 4599676419421066581, 4609047870845172685, -4503599627370496, 9223372032559808512, 9218868437227405312]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%O: memref<21xi32>, %P: memref<7xi64>) kernel {
      %s32_0_0 = arith.constant 1073741824 : i32
      %r32_0 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "sqrt.rn.f32" (%r32_0, %s32_0_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_0 = memref.subview %O[0] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 0>>
      tile.apply "st.global.b32" (%o32_0, %r32_0) scope(thread) : memref<1xi32, strided<[1], offset: 0>>, memref<1xi32, #tile.reg>
      %s32_1_0 = arith.constant 1073741824 : i32
      %r32_1 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "sqrt.rp.f32" (%r32_1, %s32_1_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_1 = memref.subview %O[1] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 1>>
      tile.apply "st.global.b32" (%o32_1, %r32_1) scope(thread) : memref<1xi32, strided<[1], offset: 1>>, memref<1xi32, #tile.reg>
      %s32_2_0 = arith.constant 1065353216 : i32
      %s32_2_1 = arith.constant 1077936128 : i32
      %r32_2 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "div.rn.f32" (%r32_2, %s32_2_0, %s32_2_1) scope(thread) : memref<1xi32, #tile.reg>, i32, i32
      %o32_2 = memref.subview %O[2] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 2>>
      tile.apply "st.global.b32" (%o32_2, %r32_2) scope(thread) : memref<1xi32, strided<[1], offset: 2>>, memref<1xi32, #tile.reg>
      %s32_3_0 = arith.constant 1065353216 : i32
      %s32_3_1 = arith.constant 1077936128 : i32
      %r32_3 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "div.rz.f32" (%r32_3, %s32_3_0, %s32_3_1) scope(thread) : memref<1xi32, #tile.reg>, i32, i32
      %o32_3 = memref.subview %O[3] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 3>>
      tile.apply "st.global.b32" (%o32_3, %r32_3) scope(thread) : memref<1xi32, strided<[1], offset: 3>>, memref<1xi32, #tile.reg>
      %s32_4_0 = arith.constant 1077936128 : i32
      %r32_4 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "rcp.rn.ftz.f32" (%r32_4, %s32_4_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_4 = memref.subview %O[4] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 4>>
      tile.apply "st.global.b32" (%o32_4, %r32_4) scope(thread) : memref<1xi32, strided<[1], offset: 4>>, memref<1xi32, #tile.reg>
      %s32_5_0 = arith.constant 1077936128 : i32
      %r32_5 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "rcp.rm.f32" (%r32_5, %s32_5_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_5 = memref.subview %O[5] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 5>>
      tile.apply "st.global.b32" (%o32_5, %r32_5) scope(thread) : memref<1xi32, strided<[1], offset: 5>>, memref<1xi32, #tile.reg>
      %s32_6_0 = arith.constant 1065353216 : i32
      %s32_6_1 = arith.constant 2130706432 : i32
      %r32_6 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "div.approx.f32" (%r32_6, %s32_6_0, %s32_6_1) scope(thread) : memref<1xi32, #tile.reg>, i32, i32
      %o32_6 = memref.subview %O[6] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 6>>
      tile.apply "st.global.b32" (%o32_6, %r32_6) scope(thread) : memref<1xi32, strided<[1], offset: 6>>, memref<1xi32, #tile.reg>
      %s32_7_0 = arith.constant -2147483648 : i32
      %r32_7 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "rsqrt.approx.f32" (%r32_7, %s32_7_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_7 = memref.subview %O[7] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 7>>
      tile.apply "st.global.b32" (%o32_7, %r32_7) scope(thread) : memref<1xi32, strided<[1], offset: 7>>, memref<1xi32, #tile.reg>
      %s32_8_0 = arith.constant -8388608 : i32
      %r32_8 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "ex2.approx.f32" (%r32_8, %s32_8_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_8 = memref.subview %O[8] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 8>>
      tile.apply "st.global.b32" (%o32_8, %r32_8) scope(thread) : memref<1xi32, strided<[1], offset: 8>>, memref<1xi32, #tile.reg>
      %s32_9_0 = arith.constant -2147483648 : i32
      %r32_9 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "ex2.approx.ftz.f32" (%r32_9, %s32_9_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_9 = memref.subview %O[9] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 9>>
      tile.apply "st.global.b32" (%o32_9, %r32_9) scope(thread) : memref<1xi32, strided<[1], offset: 9>>, memref<1xi32, #tile.reg>
      %s32_10_0 = arith.constant 0 : i32
      %r32_10 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "lg2.approx.f32" (%r32_10, %s32_10_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_10 = memref.subview %O[10] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 10>>
      tile.apply "st.global.b32" (%o32_10, %r32_10) scope(thread) : memref<1xi32, strided<[1], offset: 10>>, memref<1xi32, #tile.reg>
      %s32_11_0 = arith.constant 2139095040 : i32
      %r32_11 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "lg2.approx.ftz.f32" (%r32_11, %s32_11_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_11 = memref.subview %O[11] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 11>>
      tile.apply "st.global.b32" (%o32_11, %r32_11) scope(thread) : memref<1xi32, strided<[1], offset: 11>>, memref<1xi32, #tile.reg>
      %s32_12_0 = arith.constant -2147483648 : i32
      %r32_12 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "sin.approx.f32" (%r32_12, %s32_12_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_12 = memref.subview %O[12] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 12>>
      tile.apply "st.global.b32" (%o32_12, %r32_12) scope(thread) : memref<1xi32, strided<[1], offset: 12>>, memref<1xi32, #tile.reg>
      %s32_13_0 = arith.constant 1 : i32
      %r32_13 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "cos.approx.ftz.f32" (%r32_13, %s32_13_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_13 = memref.subview %O[13] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 13>>
      tile.apply "st.global.b32" (%o32_13, %r32_13) scope(thread) : memref<1xi32, strided<[1], offset: 13>>, memref<1xi32, #tile.reg>
      %s32_14_0 = arith.constant 2139095040 : i32
      %r32_14 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "tanh.approx.f32" (%r32_14, %s32_14_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_14 = memref.subview %O[14] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 14>>
      tile.apply "st.global.b32" (%o32_14, %r32_14) scope(thread) : memref<1xi32, strided<[1], offset: 14>>, memref<1xi32, #tile.reg>
      %s32_15_0 = arith.constant 2139095040 : i32
      %r32_15 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "rcp.approx.ftz.f32" (%r32_15, %s32_15_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_15 = memref.subview %O[15] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 15>>
      tile.apply "st.global.b32" (%o32_15, %r32_15) scope(thread) : memref<1xi32, strided<[1], offset: 15>>, memref<1xi32, #tile.reg>
      %s32_16_0 = arith.constant -2147483648 : i32
      %r32_16 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "sqrt.approx.f32" (%r32_16, %s32_16_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_16 = memref.subview %O[16] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 16>>
      tile.apply "st.global.b32" (%o32_16, %r32_16) scope(thread) : memref<1xi32, strided<[1], offset: 16>>, memref<1xi32, #tile.reg>
      %s32_17_0 = arith.constant -67108864 : i32
      %r32_17 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "ex2.approx.f16x2" (%r32_17, %s32_17_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_17 = memref.subview %O[17] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 17>>
      tile.apply "st.global.b32" (%o32_17, %r32_17) scope(thread) : memref<1xi32, strided<[1], offset: 17>>, memref<1xi32, #tile.reg>
      %s32_18_0 = arith.constant -67108864 : i32
      %r32_18 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "tanh.approx.f16x2" (%r32_18, %s32_18_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_18 = memref.subview %O[18] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 18>>
      tile.apply "st.global.b32" (%o32_18, %r32_18) scope(thread) : memref<1xi32, strided<[1], offset: 18>>, memref<1xi32, #tile.reg>
      %s32_19_0 = arith.constant 65536 : i32
      %r32_19 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "ex2.approx.ftz.bf16x2" (%r32_19, %s32_19_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_19 = memref.subview %O[19] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 19>>
      tile.apply "st.global.b32" (%o32_19, %r32_19) scope(thread) : memref<1xi32, strided<[1], offset: 19>>, memref<1xi32, #tile.reg>
      %s32_20_0 = arith.constant -2147451008 : i32
      %r32_20 = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "tanh.approx.bf16x2" (%r32_20, %s32_20_0) scope(thread) : memref<1xi32, #tile.reg>, i32
      %o32_20 = memref.subview %O[20] [1] [1] : memref<21xi32> to memref<1xi32, strided<[1], offset: 20>>
      tile.apply "st.global.b32" (%o32_20, %r32_20) scope(thread) : memref<1xi32, strided<[1], offset: 20>>, memref<1xi32, #tile.reg>
      %s64_0_0 = arith.constant 4613937818241073152 : i64
      %r64_0 = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "rcp.rn.f64" (%r64_0, %s64_0_0) scope(thread) : memref<1xi64, #tile.reg>, i64
      %o64_0 = memref.subview %P[0] [1] [1] : memref<7xi64> to memref<1xi64, strided<[1], offset: 0>>
      tile.apply "st.global.b64" (%o64_0, %r64_0) scope(thread) : memref<1xi64, strided<[1], offset: 0>>, memref<1xi64, #tile.reg>
      %s64_1_0 = arith.constant 4613937818241073152 : i64
      %r64_1 = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "rcp.rp.f64" (%r64_1, %s64_1_0) scope(thread) : memref<1xi64, #tile.reg>, i64
      %o64_1 = memref.subview %P[1] [1] [1] : memref<7xi64> to memref<1xi64, strided<[1], offset: 1>>
      tile.apply "st.global.b64" (%o64_1, %r64_1) scope(thread) : memref<1xi64, strided<[1], offset: 1>>, memref<1xi64, #tile.reg>
      %s64_2_0 = arith.constant 4607182418800017408 : i64
      %s64_2_1 = arith.constant 4613937818241073152 : i64
      %r64_2 = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "div.rn.f64" (%r64_2, %s64_2_0, %s64_2_1) scope(thread) : memref<1xi64, #tile.reg>, i64, i64
      %o64_2 = memref.subview %P[2] [1] [1] : memref<7xi64> to memref<1xi64, strided<[1], offset: 2>>
      tile.apply "st.global.b64" (%o64_2, %r64_2) scope(thread) : memref<1xi64, strided<[1], offset: 2>>, memref<1xi64, #tile.reg>
      %s64_3_0 = arith.constant 4611686018427387904 : i64
      %r64_3 = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "sqrt.rn.f64" (%r64_3, %s64_3_0) scope(thread) : memref<1xi64, #tile.reg>, i64
      %o64_3 = memref.subview %P[3] [1] [1] : memref<7xi64> to memref<1xi64, strided<[1], offset: 3>>
      tile.apply "st.global.b64" (%o64_3, %r64_3) scope(thread) : memref<1xi64, strided<[1], offset: 3>>, memref<1xi64, #tile.reg>
      %s64_4_0 = arith.constant -9223372036854775808 : i64
      %r64_4 = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "rcp.approx.ftz.f64" (%r64_4, %s64_4_0) scope(thread) : memref<1xi64, #tile.reg>, i64
      %o64_4 = memref.subview %P[4] [1] [1] : memref<7xi64> to memref<1xi64, strided<[1], offset: 4>>
      tile.apply "st.global.b64" (%o64_4, %r64_4) scope(thread) : memref<1xi64, strided<[1], offset: 4>>, memref<1xi64, #tile.reg>
      %s64_5_0 = arith.constant 9221120237041090561 : i64
      %r64_5 = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "rsqrt.approx.ftz.f64" (%r64_5, %s64_5_0) scope(thread) : memref<1xi64, #tile.reg>, i64
      %o64_5 = memref.subview %P[5] [1] [1] : memref<7xi64> to memref<1xi64, strided<[1], offset: 5>>
      tile.apply "st.global.b64" (%o64_5, %r64_5) scope(thread) : memref<1xi64, strided<[1], offset: 5>>, memref<1xi64, #tile.reg>
      %s64_6_0 = arith.constant 4294967296 : i64
      %r64_6 = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "rcp.approx.ftz.f64" (%r64_6, %s64_6_0) scope(thread) : memref<1xi64, #tile.reg>, i64
      %o64_6 = memref.subview %P[6] [1] [1] : memref<7xi64> to memref<1xi64, strided<[1], offset: 6>>
      tile.apply "st.global.b64" (%o64_6, %r64_6) scope(thread) : memref<1xi64, strided<[1], offset: 6>>, memref<1xi64, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %dO = gpu.alloc () : memref<21xi32>
    %dP = gpu.alloc () : memref<7xi64>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%dO : memref<21xi32>, %dP : memref<7xi64>)
    %hO = memref.alloc() : memref<21xi32>
    %hP = memref.alloc() : memref<7xi64>
    gpu.memcpy %hO, %dO : memref<21xi32>, memref<21xi32>
    gpu.memcpy %hP, %dP : memref<7xi64>, memref<7xi64>
    %uO = memref.cast %hO : memref<21xi32> to memref<*xi32>
    %uP = memref.cast %hP : memref<7xi64> to memref<*xi64>
    call @printMemrefI32(%uO) : (memref<*xi32>) -> ()
    call @printMemrefI64(%uP) : (memref<*xi64>) -> ()
    return
  }
}
