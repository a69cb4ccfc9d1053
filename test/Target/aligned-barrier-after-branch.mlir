// An .aligned barrier after a branch that one thread takes (TIRx's
// `if t == 0: mbarrier.init ...` then barrier.cluster.arrive/wait): the
// PTX has one copy of each barrier, after the branch joins. Without the
// convergent mark LLVM copied both barriers into the two arms, so that
// thread 0 and the warp's other threads reached different instructions,
// and the .aligned barrier never completed on the GPU (a hang).
// RUN: tile-translate --mlir-to-ptx %s | FileCheck %s
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx && ptxas -arch=sm_90 %t.ptx -o %t.cubin
// CHECK-COUNT-1: barrier.cluster.arrive.release.aligned;
// CHECK-NOT: barrier.cluster.arrive.release.aligned;
// CHECK: barrier.cluster.wait.acquire.aligned;
// CHECK-NOT: barrier.cluster.wait.acquire.aligned;
// CHECK-COUNT-1: bar.sync
// CHECK-NOT: bar.sync
#WS = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%out: memref<64xi32>) workgroup(%bar: memref<1xi64, #WS>) kernel {
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %first = arith.cmpi eq, %t, %zero : i32
      scf.if %first {
        tile.apply "mbarrier.init.shared.b64" (%bar, %one) scope(thread) : memref<1xi64, #WS>, i32
        tile.apply "fence.mbarrier_init.release.cluster" () scope(thread)
      }
      tile.apply "barrier.cluster.arrive.release.aligned" () scope(thread)
      tile.apply "barrier.cluster.wait.acquire.aligned" () scope(thread)
      scf.if %first {
        tile.apply "mbarrier.inval.shared.b64" (%bar) scope(thread) : memref<1xi64, #WS>
      }
      tile.apply "bar.sync" (%zero) scope(thread) : i32
      memref.store %t, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }
}
