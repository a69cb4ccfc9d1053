// Warp scope: lane l loads row l of A (2 repeats), applies fma.rn.f32 only on
// odd lanes (pred) keeping the loaded value on even lanes (preserve_dst), and
// stores row l of Out. A[l][r] = 2l + r, so odd rows become 2*A + 1.
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [32, 2, 1]
// CHECK-NEXT: {{\[\[}}[0],
// CHECK-NEXT: [1]],
// CHECK-NEXT: {{\[\[}}5],
// CHECK-NEXT: [7]],
// CHECK-NEXT: {{\[\[}}4],
// CHECK-NEXT: [5]],
// CHECK-NEXT: {{\[\[}}13],
// CHECK-NEXT: [15]],
// CHECK: {{\[\[}}125],
// CHECK-NEXT: [127]]]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<32x2x1xf32>, %Out: memref<32x2x1xf32>) kernel {
      %two = arith.constant 2.0 : f32
      %one = arith.constant 1.0 : f32
      %lane = gpu.lane_id
      %l = arith.index_cast %lane : index to i32
      %c1 = arith.constant 1 : i32
      %bit = arith.andi %l, %c1 : i32
      %odd = arith.trunci %bit : i32 to i1
      %r = tile.alloc_local : memref<32x2x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.f32" (%r, %A) scope(warp)
          : memref<32x2x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<32x2x1xf32>
      tile.apply "fma.rn.f32" (%r, %r, %two, %one) pred(%odd) preserve_dst scope(warp)
          : memref<32x2x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<32x2x1xf32, strided<[0, 1, 1]>, #tile.reg>, f32, f32
      tile.apply "st.global.f32" (%Out, %r) scope(warp)
          : memref<32x2x1xf32>, memref<32x2x1xf32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %A = memref.alloc() : memref<32x2x1xf32>
    scf.for %i = %c0 to %c32 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %i2 = arith.muli %i, %c2 : index
        %v = arith.addi %i2, %j : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %A[%i, %j, %c0] : memref<32x2x1xf32>
      }
    }
    %Out = memref.alloc() : memref<32x2x1xf32>
    %dA = gpu.alloc () : memref<32x2x1xf32>
    %dOut = gpu.alloc () : memref<32x2x1xf32>
    gpu.memcpy %dA, %A : memref<32x2x1xf32>, memref<32x2x1xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1)
        args(%dA : memref<32x2x1xf32>, %dOut : memref<32x2x1xf32>)
    gpu.memcpy %Out, %dOut : memref<32x2x1xf32>, memref<32x2x1xf32>
    %u = memref.cast %Out : memref<32x2x1xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
