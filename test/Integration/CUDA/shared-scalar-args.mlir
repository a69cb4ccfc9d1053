// Kernel arguments read by 600 fmas (and two base addresses by 600 loads
// and stores): past each 256 reads in a block the lowering reads a chained
// mov copy instead (tile-gpu-module-to-binary, asm-input-chunk). Out must
// be s*A + t in every element, across the copies at 256 and 512.
// RUN: tile-runner %s 2>&1 | FileCheck %s
// CHECK: sizes = [1] strides = [1] data =
// CHECK-NEXT: [0]
// CHECK: sizes = [3] strides = [1] data =
// CHECK-NEXT: [0.5, 768.5, 1797.5]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<600x1xf32>, %Out: memref<600x1xf32>, %s: f32,
                %t: f32) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      %r = tile.alloc_local : memref<600x1xf32, #tile.reg>
      tile.apply "ld.global.f32" (%r, %A) scope(thread)
          : memref<600x1xf32, #tile.reg>, memref<600x1xf32>
      tile.apply "fma.rn.f32" (%r, %r, %s, %t) scope(thread)
          : memref<600x1xf32, #tile.reg>, memref<600x1xf32, #tile.reg>, f32, f32
      tile.apply "st.global.f32" (%Out, %r) scope(thread)
          : memref<600x1xf32>, memref<600x1xf32, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %c599 = arith.constant 599 : index
    %c600 = arith.constant 600 : index
    %s = arith.constant 3.0 : f32
    %t = arith.constant 0.5 : f32
    %A = memref.alloc() : memref<600x1xf32>
    scf.for %i = %c0 to %c600 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %A[%i, %c0] : memref<600x1xf32>
    }
    %Out = memref.alloc() : memref<600x1xf32>
    %dA = gpu.alloc () : memref<600x1xf32>
    %dOut = gpu.alloc () : memref<600x1xf32>
    gpu.memcpy %dA, %A : memref<600x1xf32>, memref<600x1xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%dA : memref<600x1xf32>, %dOut : memref<600x1xf32>, %s : f32,
             %t : f32)
    gpu.memcpy %Out, %dOut : memref<600x1xf32>, memref<600x1xf32>
    // Elements that differ from s*A + t (exact in f32 for these values).
    %bad = memref.alloc() : memref<1xi32>
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    memref.store %zero, %bad[%c0] : memref<1xi32>
    scf.for %i = %c0 to %c600 step %c1 {
      %a = memref.load %A[%i, %c0] : memref<600x1xf32>
      %sa = arith.mulf %s, %a : f32
      %want = arith.addf %sa, %t : f32
      %got = memref.load %Out[%i, %c0] : memref<600x1xf32>
      %ne = arith.cmpf une, %got, %want : f32
      %n = memref.load %bad[%c0] : memref<1xi32>
      %n1 = arith.addi %n, %one : i32
      %n2 = arith.select %ne, %n1, %n : i32
      memref.store %n2, %bad[%c0] : memref<1xi32>
    }
    %ub = memref.cast %bad : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    // Out[0], Out[256], Out[599].
    %few = memref.alloc() : memref<3xf32>
    %o0 = memref.load %Out[%c0, %c0] : memref<600x1xf32>
    %o1 = memref.load %Out[%c256, %c0] : memref<600x1xf32>
    %o2 = memref.load %Out[%c599, %c0] : memref<600x1xf32>
    %c2 = arith.constant 2 : index
    memref.store %o0, %few[%c0] : memref<3xf32>
    memref.store %o1, %few[%c1] : memref<3xf32>
    memref.store %o2, %few[%c2] : memref<3xf32>
    %uf = memref.cast %few : memref<3xf32> to memref<*xf32>
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    return
  }
}
