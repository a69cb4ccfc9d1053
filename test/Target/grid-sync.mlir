// tile.grid_sync emits the table's code of a grid synchronization (nvcc
// 13.0's code of cooperative_groups' this_grid().sync()): the grid
// workspace's address from %envreg1:%envreg2 (a trap without one), the
// CTA's barrier, thread (0,0,0)'s release add and acquire polls, the
// barrier again. Each copy has labels of its own, and a meeting after a
// branch that one thread takes stays one copy (its barriers are
// convergent). ptxas assembles it.
// RUN: tile-translate --mlir-to-ptx %s | FileCheck %s
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx && ptxas -arch=sm_90 %t.ptx -o %t.cubin
// CHECK-LABEL: .entry k(
// CHECK: mov.u32 %gs_r0, %envreg1;
// CHECK-NEXT: mov.u32 %gs_r1, %envreg2;
// CHECK-NEXT: mov.b64 %gs_a0, {%gs_r1, %gs_r0};
// CHECK-NEXT: setp.eq.u64 %gs_p0, %gs_a0, 0;
// CHECK-NEXT: @%gs_p0 trap;
// CHECK-NEXT: barrier.sync 0;
// CHECK: @%gs_p0 bra [[DONE:GS_DONE_[0-9_]+]];
// CHECK: sub.u32 %gs_r0, %gs_r1, %gs_r0;
// CHECK-NEXT: selp.b32 %gs_r0, %gs_r0, 1, %gs_p1;
// CHECK-NEXT: add.u64 %gs_a1, %gs_a0, 4;
// CHECK-NEXT: atom.add.release.gpu.u32 %gs_r2, [%gs_a1], %gs_r0;
// CHECK-NEXT: [[POLL:GS_POLL_[0-9_]+]]:
// CHECK-NEXT: ld.acquire.gpu.u32 %gs_r3, [%gs_a1];
// CHECK-NEXT: xor.b32 %gs_r3, %gs_r3, %gs_r2;
// CHECK-NEXT: setp.gt.s32 %gs_p2, %gs_r3, -1;
// CHECK-NEXT: @%gs_p2 bra [[POLL]];
// CHECK-NEXT: [[DONE]]:
// CHECK-NEXT: barrier.sync 0;
// The second meeting, after the branch: one copy, with other labels.
// CHECK: mov.u32 %gs_r0, %envreg1;
// CHECK-NOT: [[DONE]]:
// CHECK: GS_DONE_{{[0-9_]+}}:
// CHECK-NOT: %envreg1
// CHECK: ret;
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%a: memref<64xi32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      tile.grid_sync
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %one, %a[%c0] : memref<64xi32>
      }
      tile.grid_sync
      %v = memref.load %a[%c0] : memref<64xi32>
      memref.store %v, %a[%t] : memref<64xi32>
      gpu.return
    }
  }
}
