// Negated predicates: a negated third source (`not %q`, PTX's `!q`) in
// setp, the two-destination setp and set, and a negated guard
// (`pred(not %r)`, PTX's `@!r`), one thread, 8 repeats. By hand:
//   q = a < b (signed)              1 0 0 1 0 0 0 1, so !q = 0 1 1 0 1 1 1 0
//   r = (a >= 0) and !q             0 1 1 0 0 1 1 0
//   x = 100; +1000 where !r; -1 where r
//   y = set.ne.xor(a, b, !q)        (a != b) = 1 0 1 1 1 0 1 1
//   p|s = setp.eq.and(a, b, !q)     (a == b) = 0 1 0 0 0 1 0 0
//   z = p + 2 s
// RUN: tile-runner %s | FileCheck %s
// CHECK: [1100, 99, 99, 1100, 1100, 99, 99, 1100]
// CHECK: [-1, -1, 0, -1, 0, -1, 0, -1]
// CHECK: [0, 1, 2, 0, 2, 1, 2, 0]
module attributes {gpu.container_module} {
  memref.global "private" constant @A : memref<8x1xi32> = dense<[[-1], [0], [5], [7], [-8], [3], [2147483647], [-2147483648]]>
  memref.global "private" constant @B : memref<8x1xi32> = dense<[[0], [0], [4], [9], [-9], [3], [-1], [0]]>
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<8x1xi32>, %B: memref<8x1xi32>, %O: memref<3x8x1xi32>) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %hundred = arith.constant 100 : i32
      %thousand = arith.constant 1000 : i32
      %a = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %b = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %x = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %y = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %z = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %w = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %q = tile.alloc_local : memref<8x1xi1, #tile.reg>
      %r = tile.alloc_local : memref<8x1xi1, #tile.reg>
      %p = tile.alloc_local : memref<8x1xi1, #tile.reg>
      %s = tile.alloc_local : memref<8x1xi1, #tile.reg>
      tile.apply "ld.global.b32" (%a, %A) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32>
      tile.apply "ld.global.b32" (%b, %B) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32>
      tile.apply "setp.lt.s32" (%q, %a, %b) scope(thread) : memref<8x1xi1, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>
      tile.apply "setp.ge.and.s32" (%r, %a, %zero, not %q) scope(thread) : memref<8x1xi1, #tile.reg>, memref<8x1xi32, #tile.reg>, i32, memref<8x1xi1, #tile.reg>
      tile.apply "mov.b32" (%x, %hundred) scope(thread) : memref<8x1xi32, #tile.reg>, i32
      tile.apply "add.s32" (%x, %x, %thousand) pred(not %r : memref<8x1xi1, #tile.reg>) preserve_dst scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, i32
      tile.apply "sub.s32" (%x, %x, %one) pred(%r : memref<8x1xi1, #tile.reg>) preserve_dst scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, i32
      tile.apply "set.ne.xor.u32.s32" (%y, %a, %b, not %q) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi1, #tile.reg>
      tile.apply "setp.eq.and.s32" (%p, %s, %a, %b, not %q) scope(thread) : memref<8x1xi1, #tile.reg>, memref<8x1xi1, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi1, #tile.reg>
      tile.apply "selp.b32" (%z, %one, %zero, %p) scope(thread) : memref<8x1xi32, #tile.reg>, i32, i32, memref<8x1xi1, #tile.reg>
      tile.apply "selp.b32" (%w, %two, %zero, %s) scope(thread) : memref<8x1xi32, #tile.reg>, i32, i32, memref<8x1xi1, #tile.reg>
      tile.apply "add.s32" (%z, %z, %w) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>
      %ox = memref.subview %O[0, 0, 0] [1, 8, 1] [1, 1, 1] : memref<3x8x1xi32> to memref<8x1xi32, strided<[1, 1]>>
      %oy = memref.subview %O[1, 0, 0] [1, 8, 1] [1, 1, 1] : memref<3x8x1xi32> to memref<8x1xi32, strided<[1, 1], offset: 8>>
      %oz = memref.subview %O[2, 0, 0] [1, 8, 1] [1, 1, 1] : memref<3x8x1xi32> to memref<8x1xi32, strided<[1, 1], offset: 16>>
      tile.apply "st.global.b32" (%ox, %x) scope(thread) : memref<8x1xi32, strided<[1, 1]>>, memref<8x1xi32, #tile.reg>
      tile.apply "st.global.b32" (%oy, %y) scope(thread) : memref<8x1xi32, strided<[1, 1], offset: 8>>, memref<8x1xi32, #tile.reg>
      tile.apply "st.global.b32" (%oz, %z) scope(thread) : memref<8x1xi32, strided<[1, 1], offset: 16>>, memref<8x1xi32, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %A = memref.get_global @A : memref<8x1xi32>
    %B = memref.get_global @B : memref<8x1xi32>
    %dA = gpu.alloc () : memref<8x1xi32>
    %dB = gpu.alloc () : memref<8x1xi32>
    gpu.memcpy %dA, %A : memref<8x1xi32>, memref<8x1xi32>
    gpu.memcpy %dB, %B : memref<8x1xi32>, memref<8x1xi32>
    %dO = gpu.alloc () : memref<3x8x1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%dA : memref<8x1xi32>, %dB : memref<8x1xi32>, %dO : memref<3x8x1xi32>)
    %h = memref.alloc() : memref<3x8xi32>
    %hv = memref.expand_shape %h [[0], [1, 2]] output_shape [3, 8, 1] : memref<3x8xi32> into memref<3x8x1xi32>
    gpu.memcpy %hv, %dO : memref<3x8x1xi32>, memref<3x8x1xi32>
    %u = memref.cast %h : memref<3x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
