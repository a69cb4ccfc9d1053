// TMA's swizzle modes, read back raw: one CTA of 32 threads loads a box of
// 16 rows of the 64 x 64 f32 tensor T (T[r][c] = 64 r + c + 1) at column
// 40, row 56 through three tensor maps (tileTensorMapEncodeTiled) that
// differ in their swizzle: 128 bytes (box 16 x 32), 64 bytes (16 x 16) and
// 32 bytes (16 x 8), into three parts of one shared buffer S (at bytes 0,
// 2048 and 3072 from S's first 1024-byte boundary), completing 3584 bytes
// on one mbarrier. The threads then copy S to O as it is, without
// unswizzling. Elements outside T (rows 64
// and up, columns 64 and up) arrive as zeros. The expected lines are
// numpy's, from the ISA's swizzle: the box dense and row-major, each
// element at byte offset o moved to o ^ (((o >> 7) & (2^b - 1)) << 4),
// b = 3, 2, 1 for 128, 64 and 32 bytes. The swizzle reads the bits of the
// shared address, not of the offset in the box: ptxas placed S at 128
// modulo 1024, and the H200 then wrote what the formula gives for the
// addresses 128 + o (docs/gpu-logs/2026-12-03-cpu-tma/
// tensor-swizzle-unaligned.txt); the CPU backend places S at 0. So the
// kernel aligns the parts itself (the first line prints the aligned
// address modulo 1024).
// The CPU backend runs it too (Integration/CPU/tensor-copy.test).
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [1]
// CHECK-NEXT: [0]
// CHECK: {{\[\[}}3625, 3626, 3627, 3628, 3629, 3630, 3631, 3632, 3633, 3634, 3635, 3636, 3637, 3638, 3639, 3640, 3641, 3642, 3643, 3644, 3645, 3646, 3647, 3648, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [3693, 3694, 3695, 3696, 3689, 3690, 3691, 3692, 3701, 3702, 3703, 3704, 3697, 3698, 3699, 3700, 3709, 3710, 3711, 3712, 3705, 3706, 3707, 3708, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [3761, 3762, 3763, 3764, 3765, 3766, 3767, 3768, 3753, 3754, 3755, 3756, 3757, 3758, 3759, 3760, 0, 0, 0, 0, 0, 0, 0, 0, 3769, 3770, 3771, 3772, 3773, 3774, 3775, 3776],
// CHECK-NEXT: [3829, 3830, 3831, 3832, 3825, 3826, 3827, 3828, 3821, 3822, 3823, 3824, 3817, 3818, 3819, 3820, 0, 0, 0, 0, 0, 0, 0, 0, 3837, 3838, 3839, 3840, 3833, 3834, 3835, 3836],
// CHECK-NEXT: [3897, 3898, 3899, 3900, 3901, 3902, 3903, 3904, 0, 0, 0, 0, 0, 0, 0, 0, 3881, 3882, 3883, 3884, 3885, 3886, 3887, 3888, 3889, 3890, 3891, 3892, 3893, 3894, 3895, 3896],
// CHECK-NEXT: [3965, 3966, 3967, 3968, 3961, 3962, 3963, 3964, 0, 0, 0, 0, 0, 0, 0, 0, 3949, 3950, 3951, 3952, 3945, 3946, 3947, 3948, 3957, 3958, 3959, 3960, 3953, 3954, 3955, 3956],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 4025, 4026, 4027, 4028, 4029, 4030, 4031, 4032, 4017, 4018, 4019, 4020, 4021, 4022, 4023, 4024, 4009, 4010, 4011, 4012, 4013, 4014, 4015, 4016],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 4093, 4094, 4095, 4096, 4089, 4090, 4091, 4092, 4085, 4086, 4087, 4088, 4081, 4082, 4083, 4084, 4077, 4078, 4079, 4080, 4073, 4074, 4075, 4076],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
// CHECK: {{\[\[}}3625, 3626, 3627, 3628, 3629, 3630, 3631, 3632, 3633, 3634, 3635, 3636, 3637, 3638, 3639, 3640],
// CHECK-NEXT: [3689, 3690, 3691, 3692, 3693, 3694, 3695, 3696, 3697, 3698, 3699, 3700, 3701, 3702, 3703, 3704],
// CHECK-NEXT: [3757, 3758, 3759, 3760, 3753, 3754, 3755, 3756, 3765, 3766, 3767, 3768, 3761, 3762, 3763, 3764],
// CHECK-NEXT: [3821, 3822, 3823, 3824, 3817, 3818, 3819, 3820, 3829, 3830, 3831, 3832, 3825, 3826, 3827, 3828],
// CHECK-NEXT: [3889, 3890, 3891, 3892, 3893, 3894, 3895, 3896, 3881, 3882, 3883, 3884, 3885, 3886, 3887, 3888],
// CHECK-NEXT: [3953, 3954, 3955, 3956, 3957, 3958, 3959, 3960, 3945, 3946, 3947, 3948, 3949, 3950, 3951, 3952],
// CHECK-NEXT: [4021, 4022, 4023, 4024, 4017, 4018, 4019, 4020, 4013, 4014, 4015, 4016, 4009, 4010, 4011, 4012],
// CHECK-NEXT: [4085, 4086, 4087, 4088, 4081, 4082, 4083, 4084, 4077, 4078, 4079, 4080, 4073, 4074, 4075, 4076],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
// CHECK: {{\[\[}}3625, 3626, 3627, 3628, 3629, 3630, 3631, 3632],
// CHECK-NEXT: [3689, 3690, 3691, 3692, 3693, 3694, 3695, 3696],
// CHECK-NEXT: [3753, 3754, 3755, 3756, 3757, 3758, 3759, 3760],
// CHECK-NEXT: [3817, 3818, 3819, 3820, 3821, 3822, 3823, 3824],
// CHECK-NEXT: [3885, 3886, 3887, 3888, 3881, 3882, 3883, 3884],
// CHECK-NEXT: [3949, 3950, 3951, 3952, 3945, 3946, 3947, 3948],
// CHECK-NEXT: [4013, 4014, 4015, 4016, 4009, 4010, 4011, 4012],
// CHECK-NEXT: [4077, 4078, 4079, 4080, 4073, 4074, 4075, 4076],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0]]
#WS = #gpu.address_space<workgroup>
!T = memref<64x64xf32>
!Map = memref<128xi8>
!Bar = memref<1xi64, #WS>
!C2 = memref<2xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%m128: !Map, %m64: !Map, %m32: !Map, %O: memref<896xf32>, %A: memref<1xi32>)
        workgroup(%S: memref<1280xf32, #WS>, %bar: !Bar) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c512 = arith.constant 512 : index
      %c768 = arith.constant 768 : index
      %c896 = arith.constant 896 : index
      %c4 = arith.constant 4 : index
      %c1023 = arith.constant 1023 : index
      %c1024 = arith.constant 1024 : index
      // The elements before S's first 1024-byte boundary.
      %base = memref.extract_aligned_pointer_as_index %S : memref<1280xf32, #WS> -> index
      %low = arith.andi %base, %c1023 : index
      %gap = arith.subi %c1024, %low : index
      %gapb = arith.andi %gap, %c1023 : index
      %pad = arith.divui %gapb, %c4 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 3584 : i32
      %x0 = arith.constant 40 : i32
      %y0 = arith.constant 56 : i32
      %true = arith.constant true
      %tid = gpu.thread_id x
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !Bar, i32
        tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      }
      gpu.barrier
      scf.if %is0 {
        %st = tile.alloc_local : memref<1xi64, #tile.reg>
        %at = tile.alloc_local : !C2
        memref.store %x0, %at[%c0] : !C2
        memref.store %y0, %at[%c1] : !C2
        %o1 = arith.addi %pad, %c512 : index
        %o2 = arith.addi %pad, %c768 : index
        %s0 = memref.reinterpret_cast %S to offset: [%pad], sizes: [512], strides: [1] : memref<1280xf32, #WS> to memref<512xf32, strided<[1], offset: ?>, #WS>
        %s1 = memref.reinterpret_cast %S to offset: [%o1], sizes: [256], strides: [1] : memref<1280xf32, #WS> to memref<256xf32, strided<[1], offset: ?>, #WS>
        %s2 = memref.reinterpret_cast %S to offset: [%o2], sizes: [128], strides: [1] : memref<1280xf32, #WS> to memref<128xf32, strided<[1], offset: ?>, #WS>
        tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : memref<1xi64, #tile.reg>, !Bar, i32
        tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%s0, %m128, %at, %bar) scope(thread) : memref<512xf32, strided<[1], offset: ?>, #WS>, !Map, !C2, !Bar
        tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%s1, %m64, %at, %bar) scope(thread) : memref<256xf32, strided<[1], offset: ?>, #WS>, !Map, !C2, !Bar
        tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%s2, %m32, %at, %bar) scope(thread) : memref<128xf32, strided<[1], offset: ?>, #WS>, !Map, !C2, !Bar
        %aligned = arith.addi %base, %gapb : index
        %rest = arith.andi %aligned, %c1023 : index
        %low32 = arith.index_cast %rest : index to i32
        memref.store %low32, %A[%c0] : memref<1xi32>
      }
      %p = tile.alloc_local : memref<1xi1, #tile.reg>
      scf.while : () -> () {
        tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : memref<1xi1, #tile.reg>, !Bar, i32
        %done = memref.load %p[%c0] : memref<1xi1, #tile.reg>
        %again = arith.xori %done, %true : i1
        scf.condition(%again)
      } do {
        scf.yield
      }
      scf.for %i = %tid to %c896 step %c32 {
        %j = arith.addi %pad, %i : index
        %v = memref.load %S[%j] : memref<1280xf32, #WS>
        memref.store %v, %O[%i] : memref<896xf32>
      }
      gpu.return
    }
  }

  func.func private @tileTensorMapEncodeTiled(memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32)
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  /// The tensor map of `dT` with boxes of 16 rows x `cols` and `swizzle`.
  func.func @encode(%map: !Map, %dT: !T, %cols: i64, %swizzle: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = arith.constant 16 : i64
    %f32 = arith.constant 7 : i32
    %zero = arith.constant 0 : i32
    %box = memref.alloc() : memref<2xi64>
    memref.store %rows, %box[%c0] : memref<2xi64>
    memref.store %cols, %box[%c1] : memref<2xi64>
    %ubox = memref.cast %box : memref<2xi64> to memref<*xi64>
    %um = memref.cast %map : !Map to memref<*xi8>
    %uT = memref.cast %dT : !T to memref<*xf32>
    call @tileTensorMapEncodeTiled(%um, %uT, %f32, %ubox, %swizzle, %zero) : (memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32) -> ()
    memref.dealloc %box : memref<2xi64>
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %hT = memref.alloc() : !T
    scf.for %r = %c0 to %c64 step %c1 {
      scf.for %c = %c0 to %c64 step %c1 {
        %r64 = arith.muli %r, %c64 : index
        %i = arith.addi %r64, %c : index
        %i1 = arith.addi %i, %c1 : index
        %i32 = arith.index_cast %i1 : index to i32
        %v = arith.sitofp %i32 : i32 to f32
        memref.store %v, %hT[%r, %c] : !T
      }
    }
    %dT = gpu.alloc () : !T
    gpu.memcpy %dT, %hT : !T, !T
    %dO = gpu.alloc () : memref<896xf32>
    %dA = gpu.alloc () : memref<1xi32>
    %m128 = gpu.alloc () : !Map
    %m64 = gpu.alloc () : !Map
    %m32 = gpu.alloc () : !Map
    %w32 = arith.constant 32 : i64
    %w16 = arith.constant 16 : i64
    %w8 = arith.constant 8 : i64
    %sw128 = arith.constant 3 : i32
    %sw64 = arith.constant 2 : i32
    %sw32 = arith.constant 1 : i32
    call @encode(%m128, %dT, %w32, %sw128) : (!Map, !T, i64, i32) -> ()
    call @encode(%m64, %dT, %w16, %sw64) : (!Map, !T, i64, i32) -> ()
    call @encode(%m32, %dT, %w8, %sw32) : (!Map, !T, i64, i32) -> ()
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1)
        args(%m128 : !Map, %m64 : !Map, %m32 : !Map, %dO : memref<896xf32>, %dA : memref<1xi32>)
    %hA = memref.alloc() : memref<1xi32>
    gpu.memcpy %hA, %dA : memref<1xi32>, memref<1xi32>
    %uA = memref.cast %hA : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%uA) : (memref<*xi32>) -> ()
    %hO = memref.alloc() : memref<896xf32>
    gpu.memcpy %hO, %dO : memref<896xf32>, memref<896xf32>
    %v128 = memref.reinterpret_cast %hO to offset: [0], sizes: [16, 32], strides: [32, 1] : memref<896xf32> to memref<16x32xf32, strided<[32, 1]>>
    %u128 = memref.cast %v128 : memref<16x32xf32, strided<[32, 1]>> to memref<*xf32>
    call @printMemrefF32(%u128) : (memref<*xf32>) -> ()
    %v64 = memref.reinterpret_cast %hO to offset: [512], sizes: [16, 16], strides: [16, 1] : memref<896xf32> to memref<16x16xf32, strided<[16, 1], offset: 512>>
    %u64 = memref.cast %v64 : memref<16x16xf32, strided<[16, 1], offset: 512>> to memref<*xf32>
    call @printMemrefF32(%u64) : (memref<*xf32>) -> ()
    %v32 = memref.reinterpret_cast %hO to offset: [768], sizes: [16, 8], strides: [8, 1] : memref<896xf32> to memref<16x8xf32, strided<[8, 1], offset: 768>>
    %u32 = memref.cast %v32 : memref<16x8xf32, strided<[8, 1], offset: 768>> to memref<*xf32>
    call @printMemrefF32(%u32) : (memref<*xf32>) -> ()
    return
  }
}
