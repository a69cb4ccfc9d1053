// Comparison and selection through i1 register tiles, one thread, 8 repeats:
// setp (float with NaN, +-0, a subnormal under .ftz; unsigned integers),
// selp of the predicates, set with an integer result, testp. The expected
// values follow the PTX ISA's comparison tables: ordered operators are false
// on NaN and unordered ones true, +0 == -0, .ftz flushes the subnormal to
// zero, .normal holds for +-0.
// RUN: tile-runner %s | FileCheck %s
// selp.f32 (a < b ? a : b):
// CHECK: [-2, 0, -0, 1, 1, inf, 0, -2]
// setp.equ.ftz.f32 (as selp.s32 1, 0):
// CHECK: [0, 1, 1, 1, 1, 1, 1, 0]
// testp.normal.f32:
// CHECK: [1, 1, 1, 1, 0, 0, 0, 1]
// set.lt.u32.s32:
// CHECK: [-1, 0, 0, 0, -1, 0, -1, 0]
// setp.hi.u32 then selp.s32 a, b:
// CHECK: [-1, 0, 1, -1, -2147483648, 5, 6, -1]
module attributes {gpu.container_module} {
  memref.global "private" constant @A : memref<8x1xf32> = dense<[[-2.0], [-0.0], [0.0], [1.0], [0x7FC00000], [0x7F800000], [1.0e-40], [-1.0]]>
  memref.global "private" constant @B : memref<8x1xf32> = dense<[[1.0], [0.0], [-0.0], [1.0], [1.0], [0x7F800000], [0.0], [-2.0]]>
  memref.global "private" constant @I : memref<8x1xi32> = dense<[[-1], [0], [1], [2147483647], [-2147483648], [5], [5], [0]]>
  memref.global "private" constant @J : memref<8x1xi32> = dense<[[0], [0], [0], [-1], [0], [5], [6], [-1]]>
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<8x1xf32>, %B: memref<8x1xf32>, %I: memref<8x1xi32>,
                %J: memref<8x1xi32>, %O1: memref<8x1xf32>, %O2: memref<8x1xi32>,
                %O3: memref<8x1xi32>, %O4: memref<8x1xi32>, %O5: memref<8x1xi32>) kernel {
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %a = tile.alloc_local : memref<8x1xf32, #tile.reg>
      %b = tile.alloc_local : memref<8x1xf32, #tile.reg>
      %i = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %j = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %p = tile.alloc_local : memref<8x1xi1, #tile.reg>
      %f = tile.alloc_local : memref<8x1xf32, #tile.reg>
      %x = tile.alloc_local : memref<8x1xi32, #tile.reg>
      tile.apply "ld.global.f32" (%a, %A) scope(thread) : memref<8x1xf32, #tile.reg>, memref<8x1xf32>
      tile.apply "ld.global.f32" (%b, %B) scope(thread) : memref<8x1xf32, #tile.reg>, memref<8x1xf32>
      tile.apply "ld.global.b32" (%i, %I) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32>
      tile.apply "ld.global.b32" (%j, %J) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32>
      tile.apply "setp.lt.f32" (%p, %a, %b) scope(thread) : memref<8x1xi1, #tile.reg>, memref<8x1xf32, #tile.reg>, memref<8x1xf32, #tile.reg>
      tile.apply "selp.f32" (%f, %a, %b, %p) scope(thread) : memref<8x1xf32, #tile.reg>, memref<8x1xf32, #tile.reg>, memref<8x1xf32, #tile.reg>, memref<8x1xi1, #tile.reg>
      tile.apply "st.global.f32" (%O1, %f) scope(thread) : memref<8x1xf32>, memref<8x1xf32, #tile.reg>
      tile.apply "setp.equ.ftz.f32" (%p, %a, %b) scope(thread) : memref<8x1xi1, #tile.reg>, memref<8x1xf32, #tile.reg>, memref<8x1xf32, #tile.reg>
      tile.apply "selp.s32" (%x, %one, %zero, %p) scope(thread) : memref<8x1xi32, #tile.reg>, i32, i32, memref<8x1xi1, #tile.reg>
      tile.apply "st.global.b32" (%O2, %x) scope(thread) : memref<8x1xi32>, memref<8x1xi32, #tile.reg>
      tile.apply "testp.normal.f32" (%p, %a) scope(thread) : memref<8x1xi1, #tile.reg>, memref<8x1xf32, #tile.reg>
      tile.apply "selp.s32" (%x, %one, %zero, %p) scope(thread) : memref<8x1xi32, #tile.reg>, i32, i32, memref<8x1xi1, #tile.reg>
      tile.apply "st.global.b32" (%O3, %x) scope(thread) : memref<8x1xi32>, memref<8x1xi32, #tile.reg>
      tile.apply "set.lt.u32.s32" (%x, %i, %j) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>
      tile.apply "st.global.b32" (%O4, %x) scope(thread) : memref<8x1xi32>, memref<8x1xi32, #tile.reg>
      tile.apply "setp.hi.u32" (%p, %i, %j) scope(thread) : memref<8x1xi1, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>
      tile.apply "selp.s32" (%x, %i, %j, %p) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi1, #tile.reg>
      tile.apply "st.global.b32" (%O5, %x) scope(thread) : memref<8x1xi32>, memref<8x1xi32, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %A = memref.get_global @A : memref<8x1xf32>
    %B = memref.get_global @B : memref<8x1xf32>
    %I = memref.get_global @I : memref<8x1xi32>
    %J = memref.get_global @J : memref<8x1xi32>
    %dA = gpu.alloc () : memref<8x1xf32>
    %dB = gpu.alloc () : memref<8x1xf32>
    %dI = gpu.alloc () : memref<8x1xi32>
    %dJ = gpu.alloc () : memref<8x1xi32>
    gpu.memcpy %dA, %A : memref<8x1xf32>, memref<8x1xf32>
    gpu.memcpy %dB, %B : memref<8x1xf32>, memref<8x1xf32>
    gpu.memcpy %dI, %I : memref<8x1xi32>, memref<8x1xi32>
    gpu.memcpy %dJ, %J : memref<8x1xi32>, memref<8x1xi32>
    %d1 = gpu.alloc () : memref<8x1xf32>
    %d2 = gpu.alloc () : memref<8x1xi32>
    %d3 = gpu.alloc () : memref<8x1xi32>
    %d4 = gpu.alloc () : memref<8x1xi32>
    %d5 = gpu.alloc () : memref<8x1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%dA : memref<8x1xf32>, %dB : memref<8x1xf32>, %dI : memref<8x1xi32>,
             %dJ : memref<8x1xi32>, %d1 : memref<8x1xf32>, %d2 : memref<8x1xi32>,
             %d3 : memref<8x1xi32>, %d4 : memref<8x1xi32>, %d5 : memref<8x1xi32>)
    %h1 = memref.alloc() : memref<8xf32>
    %h1v = memref.expand_shape %h1 [[0, 1]] output_shape [8, 1] : memref<8xf32> into memref<8x1xf32>
    gpu.memcpy %h1v, %d1 : memref<8x1xf32>, memref<8x1xf32>
    %u1 = memref.cast %h1 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
    %h = memref.alloc() : memref<8xi32>
    %hv = memref.expand_shape %h [[0, 1]] output_shape [8, 1] : memref<8xi32> into memref<8x1xi32>
    %u = memref.cast %h : memref<8xi32> to memref<*xi32>
    gpu.memcpy %hv, %d2 : memref<8x1xi32>, memref<8x1xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %hv, %d3 : memref<8x1xi32>, memref<8x1xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %hv, %d4 : memref<8x1xi32>, memref<8x1xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %hv, %d5 : memref<8x1xi32>, memref<8x1xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
