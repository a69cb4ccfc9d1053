// mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 over one warp, its
// fragments built in each lane from the ISA's figures: A = I (lane l, register
// j holds A[g + 8 (j % 2)][2 t + 8 (j / 2) + {0, 1}], g = l / 4, t = l % 4),
// B[k][n] = 8 k + n (register j holds k = 2 t + 8 j + {0, 1}, n = g), C = 0.5.
// By hand, D = B + 0.5 and lane l's register j is D[g + 8 (j / 2)][2 t + j % 2]
// = 8 (g + 8 (j / 2)) + 2 t + j % 2 + 0.5.
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}0.5, 1.5, 64.5, 65.5],
// CHECK-NEXT: [2.5, 3.5, 66.5, 67.5],
// CHECK-NEXT: [4.5, 5.5, 68.5, 69.5],
// CHECK-NEXT: [6.5, 7.5, 70.5, 71.5],
// CHECK-NEXT: [8.5, 9.5, 72.5, 73.5],
// CHECK-NEXT: [10.5, 11.5, 74.5, 75.5],
// CHECK-NEXT: [12.5, 13.5, 76.5, 77.5],
// CHECK-NEXT: [14.5, 15.5, 78.5, 79.5],
// CHECK-NEXT: [16.5, 17.5, 80.5, 81.5],
// CHECK-NEXT: [18.5, 19.5, 82.5, 83.5],
// CHECK-NEXT: [20.5, 21.5, 84.5, 85.5],
// CHECK-NEXT: [22.5, 23.5, 86.5, 87.5],
// CHECK-NEXT: [24.5, 25.5, 88.5, 89.5],
// CHECK-NEXT: [26.5, 27.5, 90.5, 91.5],
// CHECK-NEXT: [28.5, 29.5, 92.5, 93.5],
// CHECK-NEXT: [30.5, 31.5, 94.5, 95.5],
// CHECK-NEXT: [32.5, 33.5, 96.5, 97.5],
// CHECK-NEXT: [34.5, 35.5, 98.5, 99.5],
// CHECK-NEXT: [36.5, 37.5, 100.5, 101.5],
// CHECK-NEXT: [38.5, 39.5, 102.5, 103.5],
// CHECK-NEXT: [40.5, 41.5, 104.5, 105.5],
// CHECK-NEXT: [42.5, 43.5, 106.5, 107.5],
// CHECK-NEXT: [44.5, 45.5, 108.5, 109.5],
// CHECK-NEXT: [46.5, 47.5, 110.5, 111.5],
// CHECK-NEXT: [48.5, 49.5, 112.5, 113.5],
// CHECK-NEXT: [50.5, 51.5, 114.5, 115.5],
// CHECK-NEXT: [52.5, 53.5, 116.5, 117.5],
// CHECK-NEXT: [54.5, 55.5, 118.5, 119.5],
// CHECK-NEXT: [56.5, 57.5, 120.5, 121.5],
// CHECK-NEXT: [58.5, 59.5, 122.5, 123.5],
// CHECK-NEXT: [60.5, 61.5, 124.5, 125.5],
// CHECK-NEXT: [62.5, 63.5, 126.5, 127.5]]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%O: memref<32x4xf32>) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %c16 = arith.constant 16 : i32
      %one = arith.constant 0x3F80 : i32
      %half = arith.constant 0.5 : f32
      %l = gpu.thread_id x
      %li = arith.index_cast %l : index to i32
      %g = arith.divui %li, %c4 : i32
      %t = arith.remui %li, %c4 : i32
      %t2 = arith.muli %t, %c2 : i32
      %g8 = arith.addi %g, %c8 : i32
      %a = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
      %b = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
      %c = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %d = tile.alloc_local : memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %col0 = arith.addi %t2, %c0 : i32
      %colh0 = arith.addi %col0, %c1 : i32
      %eqlo0 = arith.cmpi eq, %g, %col0 : i32
      %eqhi0 = arith.cmpi eq, %g, %colh0 : i32
      %lo0 = arith.select %eqlo0, %one, %c0 : i32
      %hi00 = arith.select %eqhi0, %one, %c0 : i32
      %hi0 = arith.shli %hi00, %c16 : i32
      %ra0 = arith.ori %lo0, %hi0 : i32
      %va0 = memref.subview %a[0, 0] [32, 1] [1, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> to memref<32x1xi32, strided<[0, 1], offset: 0>, #tile.reg>
      tile.apply "mov.b32" (%va0, %ra0) scope(warp) : memref<32x1xi32, strided<[0, 1], offset: 0>, #tile.reg>, i32
      %col1 = arith.addi %t2, %c0 : i32
      %colh1 = arith.addi %col1, %c1 : i32
      %eqlo1 = arith.cmpi eq, %g8, %col1 : i32
      %eqhi1 = arith.cmpi eq, %g8, %colh1 : i32
      %lo1 = arith.select %eqlo1, %one, %c0 : i32
      %hi01 = arith.select %eqhi1, %one, %c0 : i32
      %hi1 = arith.shli %hi01, %c16 : i32
      %ra1 = arith.ori %lo1, %hi1 : i32
      %va1 = memref.subview %a[0, 1] [32, 1] [1, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> to memref<32x1xi32, strided<[0, 1], offset: 1>, #tile.reg>
      tile.apply "mov.b32" (%va1, %ra1) scope(warp) : memref<32x1xi32, strided<[0, 1], offset: 1>, #tile.reg>, i32
      %col2 = arith.addi %t2, %c8 : i32
      %colh2 = arith.addi %col2, %c1 : i32
      %eqlo2 = arith.cmpi eq, %g, %col2 : i32
      %eqhi2 = arith.cmpi eq, %g, %colh2 : i32
      %lo2 = arith.select %eqlo2, %one, %c0 : i32
      %hi02 = arith.select %eqhi2, %one, %c0 : i32
      %hi2 = arith.shli %hi02, %c16 : i32
      %ra2 = arith.ori %lo2, %hi2 : i32
      %va2 = memref.subview %a[0, 2] [32, 1] [1, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> to memref<32x1xi32, strided<[0, 1], offset: 2>, #tile.reg>
      tile.apply "mov.b32" (%va2, %ra2) scope(warp) : memref<32x1xi32, strided<[0, 1], offset: 2>, #tile.reg>, i32
      %col3 = arith.addi %t2, %c8 : i32
      %colh3 = arith.addi %col3, %c1 : i32
      %eqlo3 = arith.cmpi eq, %g8, %col3 : i32
      %eqhi3 = arith.cmpi eq, %g8, %colh3 : i32
      %lo3 = arith.select %eqlo3, %one, %c0 : i32
      %hi03 = arith.select %eqhi3, %one, %c0 : i32
      %hi3 = arith.shli %hi03, %c16 : i32
      %ra3 = arith.ori %lo3, %hi3 : i32
      %va3 = memref.subview %a[0, 3] [32, 1] [1, 1] : memref<32x4xi32, strided<[0, 1]>, #tile.reg> to memref<32x1xi32, strided<[0, 1], offset: 3>, #tile.reg>
      tile.apply "mov.b32" (%va3, %ra3) scope(warp) : memref<32x1xi32, strided<[0, 1], offset: 3>, #tile.reg>, i32
      %k0 = arith.addi %t2, %c0 : i32
      %k80 = arith.muli %k0, %c8 : i32
      %blo0 = arith.addi %k80, %g : i32
      %bhi0 = arith.addi %blo0, %c8 : i32
      %flo0 = arith.sitofp %blo0 : i32 to f32
      %ilo0 = arith.bitcast %flo0 : f32 to i32
      %slo0 = arith.shrui %ilo0, %c16 : i32
      %fhi0 = arith.sitofp %bhi0 : i32 to f32
      %ihi0 = arith.bitcast %fhi0 : f32 to i32
      %shi0 = arith.shrui %ihi0, %c16 : i32
      %sh0 = arith.shli %shi0, %c16 : i32
      %rb0 = arith.ori %slo0, %sh0 : i32
      %vb0 = memref.subview %b[0, 0] [32, 1] [1, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> to memref<32x1xi32, strided<[0, 1], offset: 0>, #tile.reg>
      tile.apply "mov.b32" (%vb0, %rb0) scope(warp) : memref<32x1xi32, strided<[0, 1], offset: 0>, #tile.reg>, i32
      %k1 = arith.addi %t2, %c8 : i32
      %k81 = arith.muli %k1, %c8 : i32
      %blo1 = arith.addi %k81, %g : i32
      %bhi1 = arith.addi %blo1, %c8 : i32
      %flo1 = arith.sitofp %blo1 : i32 to f32
      %ilo1 = arith.bitcast %flo1 : f32 to i32
      %slo1 = arith.shrui %ilo1, %c16 : i32
      %fhi1 = arith.sitofp %bhi1 : i32 to f32
      %ihi1 = arith.bitcast %fhi1 : f32 to i32
      %shi1 = arith.shrui %ihi1, %c16 : i32
      %sh1 = arith.shli %shi1, %c16 : i32
      %rb1 = arith.ori %slo1, %sh1 : i32
      %vb1 = memref.subview %b[0, 1] [32, 1] [1, 1] : memref<32x2xi32, strided<[0, 1]>, #tile.reg> to memref<32x1xi32, strided<[0, 1], offset: 1>, #tile.reg>
      tile.apply "mov.b32" (%vb1, %rb1) scope(warp) : memref<32x1xi32, strided<[0, 1], offset: 1>, #tile.reg>, i32
      %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.f32" (%c3, %half) scope(warp) : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, f32
      tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%d, %a, %b, %c) scope(warp) : memref<32x4xf32, strided<[0, 1]>, #tile.reg>, memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x4xf32, strided<[0, 1]>, #tile.reg>
      %d3 = memref.expand_shape %d [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf32, strided<[0, 1]>, #tile.reg> into memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      %O3 = memref.expand_shape %O [[0], [1, 2]] output_shape [32, 4, 1] : memref<32x4xf32> into memref<32x4x1xf32>
      tile.apply "st.global.f32" (%O3, %d3) scope(warp) : memref<32x4x1xf32>, memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc() : memref<32x4xf32>
    %dO = gpu.alloc () : memref<32x4xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1)
        args(%dO : memref<32x4xf32>)
    gpu.memcpy %h, %dO : memref<32x4xf32>, memref<32x4xf32>
    %u = memref.cast %h : memref<32x4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
