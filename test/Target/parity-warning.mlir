// tile-translate runs tile-check-parity: a kernel whose ring of 2 mbarriers
// waits for parity k & 1 (stage k % 2: stage 0 waits for parity 0 in
// iterations 0 and 2) compiles with a warning at the wait, and the PTX is
// still written. The corrected parity, (k / 2) & 1, gives no warning.
// RUN: tile-translate --mlir-to-ptx %s 2>&1 | FileCheck %s
// RUN: sed 's/arith.andi %%k32, %%one/arith.andi %%r32, %%one/' %s | tile-translate --mlir-to-ptx 2>&1 | FileCheck %s --check-prefix=FIXED
// CHECK: parity-warning.mlir:[[@LINE+24]]:9: warning: waits for phase parity 0 on this mbarrier in iteration 2 of the enclosing loop (induction variable 2), as its previous wait on it did in iteration 0
// CHECK: .entry k(
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// FIXED-NOT: warning
// FIXED: .entry k(
#WS = #gpu.address_space<workgroup>
!Bars = memref<2xi64, #WS>
!Bar = memref<1xi64, strided<[1], offset: ?>, #WS>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k() workgroup(%bars: !Bars) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %one = arith.constant 1 : i32
      %p = tile.alloc_local : memref<1xi1, #tile.reg>
      scf.for %k = %c0 to %c8 step %c1 {
        %s = arith.remui %k, %c2 : index
        %r = arith.divui %k, %c2 : index
        %r32 = arith.index_cast %r : index to i32
        %k32 = arith.index_cast %k : index to i32
        %ph = arith.andi %k32, %one : i32
        %bar = memref.reinterpret_cast %bars to offset: [%s], sizes: [1], strides: [1] : !Bars to !Bar
        tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %ph) scope(thread) : memref<1xi1, #tile.reg>, !Bar, i32
      }
      gpu.return
    }
  }
}
