// A predicate per repeat: setp writes an i1 register tile, and sub and add
// run under it element by element (pred(%q : memref<8x1xi1, #tile.reg>)
// with preserve_dst), one thread, 8 repeats. By hand: q = a < b (signed) is
// 1 0 0 1 0 0 0 1; x starts at 100; where q, x = b - a (0 - INT_MIN wraps
// to INT_MIN); then q = !q and, where q, x = x + 1000.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [1, 1100, 1100, 2, 1100, 1100, 1100, -2147483648]
module attributes {gpu.container_module} {
  memref.global "private" constant @A : memref<8x1xi32> = dense<[[-1], [0], [5], [7], [-8], [3], [2147483647], [-2147483648]]>
  memref.global "private" constant @B : memref<8x1xi32> = dense<[[0], [0], [4], [9], [-9], [3], [-1], [0]]>
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%A: memref<8x1xi32>, %B: memref<8x1xi32>, %O: memref<8x1xi32>) kernel {
      %hundred = arith.constant 100 : i32
      %thousand = arith.constant 1000 : i32
      %a = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %b = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %x = tile.alloc_local : memref<8x1xi32, #tile.reg>
      %q = tile.alloc_local : memref<8x1xi1, #tile.reg>
      tile.apply "ld.global.b32" (%a, %A) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32>
      tile.apply "ld.global.b32" (%b, %B) scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32>
      tile.apply "mov.b32" (%x, %hundred) scope(thread) : memref<8x1xi32, #tile.reg>, i32
      tile.apply "setp.lt.s32" (%q, %a, %b) scope(thread) : memref<8x1xi1, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>
      tile.apply "sub.s32" (%x, %b, %a) pred(%q : memref<8x1xi1, #tile.reg>) preserve_dst scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>
      tile.apply "not.pred" (%q, %q) scope(thread) : memref<8x1xi1, #tile.reg>, memref<8x1xi1, #tile.reg>
      tile.apply "add.s32" (%x, %x, %thousand) pred(%q : memref<8x1xi1, #tile.reg>) preserve_dst scope(thread) : memref<8x1xi32, #tile.reg>, memref<8x1xi32, #tile.reg>, i32
      tile.apply "st.global.b32" (%O, %x) scope(thread) : memref<8x1xi32>, memref<8x1xi32, #tile.reg>
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
    %dO = gpu.alloc () : memref<8x1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%dA : memref<8x1xi32>, %dB : memref<8x1xi32>, %dO : memref<8x1xi32>)
    %h = memref.alloc() : memref<8xi32>
    %hv = memref.expand_shape %h [[0, 1]] output_shape [8, 1] : memref<8xi32> into memref<8x1xi32>
    %u = memref.cast %h : memref<8xi32> to memref<*xi32>
    gpu.memcpy %hv, %dO : memref<8x1xi32>, memref<8x1xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
