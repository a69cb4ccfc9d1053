// CTA scope over 2 of the 4 warps of a block (group (2, 32)): warps 2 and 3
// must do nothing. fma.rn.f16x2 with packed constants: A packs
// {lo = f16(lane), hi = f16(warp)}, B = {2, 2}, C = {1, 1}, so
// Out = {2*lane + 1, 2*warp + 1}. Rows 2 and 3 of Out keep their -1.
// Expected values: (f16(2w+1) << 16) | f16(2l+1), e.g. 0x3C003C00.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [4, 32, 1]
// CHECK-NEXT: {{\[\[}}[1006648320],
// CHECK-NEXT: [1006649856],
// CHECK: [1006654432]],
// CHECK-NEXT: {{\[\[}}1107311616],
// CHECK-NEXT: [1107313152],
// CHECK: [1107317728]],
// CHECK-NEXT: {{\[\[}}-1],
// CHECK: [-1]],
// CHECK-NEXT: {{\[\[}}-1],
// CHECK: [-1]]]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<4x32x1xi32>, %Out: memref<4x32x1xi32>) kernel {
      %twos = arith.constant 0x40004000 : i32
      %ones = arith.constant 0x3C003C00 : i32
      %a = memref.subview %A[0, 0, 0] [2, 32, 1] [1, 1, 1]
          : memref<4x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1]>>
      %o = memref.subview %Out[0, 0, 0] [2, 32, 1] [1, 1, 1]
          : memref<4x32x1xi32> to memref<2x32x1xi32, strided<[32, 1, 1]>>
      %r = tile.alloc_local : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      tile.apply "ld.global.b32" (%r, %a) scope(cta)
          : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi32, strided<[32, 1, 1]>>
      tile.apply "fma.rn.f16x2" (%r, %r, %twos, %ones) scope(cta)
          : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32
      tile.apply "st.global.b32" (%o, %r) scope(cta)
          : memref<2x32x1xi32, strided<[32, 1, 1]>>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  // {lo = f16(x), hi = f16(y)} as an i32.
  func.func @pack(%x: index, %y: index) -> i32 {
    %xi = arith.index_cast %x : index to i32
    %yi = arith.index_cast %y : index to i32
    %xf = arith.sitofp %xi : i32 to f16
    %yf = arith.sitofp %yi : i32 to f16
    %xb = arith.bitcast %xf : f16 to i16
    %yb = arith.bitcast %yf : f16 to i16
    %xw = arith.extui %xb : i16 to i32
    %yw = arith.extui %yb : i16 to i32
    %c16 = arith.constant 16 : i32
    %hi = arith.shli %yw, %c16 : i32
    %p = arith.ori %hi, %xw : i32
    return %p : i32
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %m1 = arith.constant -1 : i32
    %A = memref.alloc() : memref<4x32x1xi32>
    %Out = memref.alloc() : memref<4x32x1xi32>
    scf.for %w = %c0 to %c4 step %c1 {
      scf.for %l = %c0 to %c32 step %c1 {
        %v = func.call @pack(%l, %w) : (index, index) -> i32
        memref.store %v, %A[%w, %l, %c0] : memref<4x32x1xi32>
        memref.store %m1, %Out[%w, %l, %c0] : memref<4x32x1xi32>
      }
    }
    %dA = gpu.alloc () : memref<4x32x1xi32>
    %dOut = gpu.alloc () : memref<4x32x1xi32>
    gpu.memcpy %dA, %A : memref<4x32x1xi32>, memref<4x32x1xi32>
    gpu.memcpy %dOut, %Out : memref<4x32x1xi32>, memref<4x32x1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c128, %c1, %c1)
        args(%dA : memref<4x32x1xi32>, %dOut : memref<4x32x1xi32>)
    gpu.memcpy %Out, %dOut : memref<4x32x1xi32>, memref<4x32x1xi32>
    %u = memref.cast %Out : memref<4x32x1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
