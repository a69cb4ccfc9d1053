// isspacep on the generic addresses of a global and a shared element,
// against each of the eight state spaces: the global one is in .global
// only; the shared one in .shared, .shared::cta and .shared::cluster (the
// CTA's own shared memory is in the cluster's window, also without a
// cluster launch). Row 2 asks about the second element of each buffer
// (repeats over a two-element tile: one isspacep each).
// Integration/CPU/isspacep.test runs this file on the CPU backend;
// Target/isspacep-ptxas.test assembles its PTX.
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}0, 1, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [0, 0, 0, 1, 1, 1, 0, 0],
// CHECK-NEXT: [1, 1, 1, 1, 0, 0, 0, 0]]
#WS = #gpu.address_space<workgroup>
!Reg = memref<1xi1, #tile.reg>
!G1 = memref<1xi32, strided<[1]>>
!S1 = memref<1xi32, strided<[1]>, #WS>
!Reg2 = memref<2x1xi1, #tile.reg>
!G2 = memref<2x1xi32, strided<[1, 1]>>
!S2 = memref<2x1xi32, strided<[1, 1]>, #WS>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx83">] {
    gpu.func @k(%G: memref<4xi32>, %O: memref<3x8xi32>)
        workgroup(%S: memref<4xi32, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %g = memref.subview %G[0] [1] [1] : memref<4xi32> to !G1
      %s = memref.subview %S[0] [1] [1] : memref<4xi32, #WS> to !S1
      %p = tile.alloc_local : !Reg
      tile.apply "isspacep.const" (%p, %g) scope(thread) : !Reg, !G1
      %b00 = memref.load %p[%c0] : !Reg
      %w00 = arith.extui %b00 : i1 to i32
      %i00 = arith.constant 0 : index
      memref.store %w00, %O[%c0, %i00] : memref<3x8xi32>
      tile.apply "isspacep.global" (%p, %g) scope(thread) : !Reg, !G1
      %b01 = memref.load %p[%c0] : !Reg
      %w01 = arith.extui %b01 : i1 to i32
      %i01 = arith.constant 1 : index
      memref.store %w01, %O[%c0, %i01] : memref<3x8xi32>
      tile.apply "isspacep.local" (%p, %g) scope(thread) : !Reg, !G1
      %b02 = memref.load %p[%c0] : !Reg
      %w02 = arith.extui %b02 : i1 to i32
      %i02 = arith.constant 2 : index
      memref.store %w02, %O[%c0, %i02] : memref<3x8xi32>
      tile.apply "isspacep.shared" (%p, %g) scope(thread) : !Reg, !G1
      %b03 = memref.load %p[%c0] : !Reg
      %w03 = arith.extui %b03 : i1 to i32
      %i03 = arith.constant 3 : index
      memref.store %w03, %O[%c0, %i03] : memref<3x8xi32>
      tile.apply "isspacep.shared::cta" (%p, %g) scope(thread) : !Reg, !G1
      %b04 = memref.load %p[%c0] : !Reg
      %w04 = arith.extui %b04 : i1 to i32
      %i04 = arith.constant 4 : index
      memref.store %w04, %O[%c0, %i04] : memref<3x8xi32>
      tile.apply "isspacep.shared::cluster" (%p, %g) scope(thread) : !Reg, !G1
      %b05 = memref.load %p[%c0] : !Reg
      %w05 = arith.extui %b05 : i1 to i32
      %i05 = arith.constant 5 : index
      memref.store %w05, %O[%c0, %i05] : memref<3x8xi32>
      tile.apply "isspacep.param" (%p, %g) scope(thread) : !Reg, !G1
      %b06 = memref.load %p[%c0] : !Reg
      %w06 = arith.extui %b06 : i1 to i32
      %i06 = arith.constant 6 : index
      memref.store %w06, %O[%c0, %i06] : memref<3x8xi32>
      tile.apply "isspacep.param::entry" (%p, %g) scope(thread) : !Reg, !G1
      %b07 = memref.load %p[%c0] : !Reg
      %w07 = arith.extui %b07 : i1 to i32
      %i07 = arith.constant 7 : index
      memref.store %w07, %O[%c0, %i07] : memref<3x8xi32>
      tile.apply "isspacep.const" (%p, %s) scope(thread) : !Reg, !S1
      %b10 = memref.load %p[%c0] : !Reg
      %w10 = arith.extui %b10 : i1 to i32
      %i10 = arith.constant 0 : index
      memref.store %w10, %O[%c1, %i10] : memref<3x8xi32>
      tile.apply "isspacep.global" (%p, %s) scope(thread) : !Reg, !S1
      %b11 = memref.load %p[%c0] : !Reg
      %w11 = arith.extui %b11 : i1 to i32
      %i11 = arith.constant 1 : index
      memref.store %w11, %O[%c1, %i11] : memref<3x8xi32>
      tile.apply "isspacep.local" (%p, %s) scope(thread) : !Reg, !S1
      %b12 = memref.load %p[%c0] : !Reg
      %w12 = arith.extui %b12 : i1 to i32
      %i12 = arith.constant 2 : index
      memref.store %w12, %O[%c1, %i12] : memref<3x8xi32>
      tile.apply "isspacep.shared" (%p, %s) scope(thread) : !Reg, !S1
      %b13 = memref.load %p[%c0] : !Reg
      %w13 = arith.extui %b13 : i1 to i32
      %i13 = arith.constant 3 : index
      memref.store %w13, %O[%c1, %i13] : memref<3x8xi32>
      tile.apply "isspacep.shared::cta" (%p, %s) scope(thread) : !Reg, !S1
      %b14 = memref.load %p[%c0] : !Reg
      %w14 = arith.extui %b14 : i1 to i32
      %i14 = arith.constant 4 : index
      memref.store %w14, %O[%c1, %i14] : memref<3x8xi32>
      tile.apply "isspacep.shared::cluster" (%p, %s) scope(thread) : !Reg, !S1
      %b15 = memref.load %p[%c0] : !Reg
      %w15 = arith.extui %b15 : i1 to i32
      %i15 = arith.constant 5 : index
      memref.store %w15, %O[%c1, %i15] : memref<3x8xi32>
      tile.apply "isspacep.param" (%p, %s) scope(thread) : !Reg, !S1
      %b16 = memref.load %p[%c0] : !Reg
      %w16 = arith.extui %b16 : i1 to i32
      %i16 = arith.constant 6 : index
      memref.store %w16, %O[%c1, %i16] : memref<3x8xi32>
      tile.apply "isspacep.param::entry" (%p, %s) scope(thread) : !Reg, !S1
      %b17 = memref.load %p[%c0] : !Reg
      %w17 = arith.extui %b17 : i1 to i32
      %i17 = arith.constant 7 : index
      memref.store %w17, %O[%c1, %i17] : memref<3x8xi32>
      // Two elements each: [global, shared] of element 0 and 1 as .global,
      // then as .shared.
      %g2 = memref.reinterpret_cast %G to offset: [0], sizes: [2, 1], strides: [1, 1] : memref<4xi32> to !G2
      %s2 = memref.reinterpret_cast %S to offset: [0], sizes: [2, 1], strides: [1, 1] : memref<4xi32, #WS> to !S2
      %q = tile.alloc_local : !Reg2
      tile.apply "isspacep.global" (%q, %g2) scope(thread) : !Reg2, !G2
      %r = tile.alloc_local : !Reg2
      tile.apply "isspacep.shared" (%r, %s2) scope(thread) : !Reg2, !S2
      %q0 = memref.load %q[%c0, %c0] : !Reg2
      %q1 = memref.load %q[%c1, %c0] : !Reg2
      %r0 = memref.load %r[%c0, %c0] : !Reg2
      %r1 = memref.load %r[%c1, %c0] : !Reg2
      %tq = tile.alloc_local : !Reg2
      tile.apply "isspacep.shared" (%tq, %g2) scope(thread) : !Reg2, !G2
      %tr = tile.alloc_local : !Reg2
      tile.apply "isspacep.global" (%tr, %s2) scope(thread) : !Reg2, !S2
      %tq0 = memref.load %tq[%c0, %c0] : !Reg2
      %tq1 = memref.load %tq[%c1, %c0] : !Reg2
      %tr0 = memref.load %tr[%c0, %c0] : !Reg2
      %tr1 = memref.load %tr[%c1, %c0] : !Reg2
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %e0 = arith.extui %q0 : i1 to i32
      %e1 = arith.extui %q1 : i1 to i32
      %e2 = arith.extui %r0 : i1 to i32
      %e3 = arith.extui %r1 : i1 to i32
      %e4 = arith.extui %tq0 : i1 to i32
      %e5 = arith.extui %tq1 : i1 to i32
      %e6 = arith.extui %tr0 : i1 to i32
      %e7 = arith.extui %tr1 : i1 to i32
      memref.store %e0, %O[%c2, %c0] : memref<3x8xi32>
      memref.store %e1, %O[%c2, %c1] : memref<3x8xi32>
      memref.store %e2, %O[%c2, %c2] : memref<3x8xi32>
      memref.store %e3, %O[%c2, %c3] : memref<3x8xi32>
      memref.store %e4, %O[%c2, %c4] : memref<3x8xi32>
      memref.store %e5, %O[%c2, %c5] : memref<3x8xi32>
      memref.store %e6, %O[%c2, %c6] : memref<3x8xi32>
      memref.store %e7, %O[%c2, %c7] : memref<3x8xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %dG = gpu.alloc () : memref<4xi32>
    %dO = gpu.alloc () : memref<3x8xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%dG : memref<4xi32>, %dO : memref<3x8xi32>)
    %o = memref.alloc() : memref<3x8xi32>
    gpu.memcpy %o, %dO : memref<3x8xi32>, memref<3x8xi32>
    %u = memref.cast %o : memref<3x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
