// A block whose mbarrier waits nothing can complete (on the GPU, a hang)
// ends with an error that names the waiting threads, the barrier, its phase
// and what it still waits for, and the other threads' waits: here half of
// the consumer warp arrives and goes on to a barrier, and the producer warp
// waits for a phase that needs all 32 arrivals.
// The second RUN puts a warp vote into the polling loop: the votes complete
// every round, but no barrier changes, so it is the same hang.
// REQUIRES: cuda-runtime
// RUN: not tile-runner --backend=cpu %s 2>&1 | FileCheck %s
// RUN: sed 's|^//V |    |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=VOTE
// VOTE: tile-cpu: the block hangs: nothing can complete the mbarrier phases its threads wait for
// VOTE-NEXT: threads 0-31 wait ('mbarrier.try_wait.parity.shared::cta.b64' for the phase of parity 0) on the mbarrier at byte 8 of workgroup buffer 0 of @kernels::@k
// CHECK: tile-cpu: the block hangs: nothing can complete the mbarrier phases its threads wait for
// CHECK-NEXT: threads 0-31 wait ('mbarrier.try_wait.parity.shared::cta.b64' for the phase of parity 0) on the mbarrier at byte 8 of workgroup buffer 0 of @kernels::@k: phase 0 (parity 0), waiting for 16 of 32 arrivals and 0 transaction bytes
// CHECK-NEXT: threads 32-63 wait at a barrier
#WS = #gpu.address_space<workgroup>
!Bar = memref<1xi64, strided<[1], offset: 1>, #WS>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k() workgroup(%bars: memref<2xi64, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c48 = arith.constant 48 : index
      %n32 = arith.constant 32 : i32
      %full = arith.constant -1 : i32
      %zero = arith.constant 0 : i32
      %true = arith.constant true
      %tid = gpu.thread_id x
      %bar = memref.subview %bars[1] [1] [1] : memref<2xi64, #WS> to !Bar
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        tile.apply "mbarrier.init.shared::cta.b64" (%bar, %n32) scope(thread) : !Bar, i32
      }
      gpu.barrier
      %producer = arith.cmpi ult, %tid, %c32 : index
      scf.if %producer {
        %p = tile.alloc_local : memref<1xi1, #tile.reg>
        scf.while : () -> () {
          tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : memref<1xi1, #tile.reg>, !Bar, i32
          %done = memref.load %p[%c0] : memref<1xi1, #tile.reg>
//V       %all = tile.alloc_local : memref<1xi1, #tile.reg>
//V       tile.apply "vote.sync.all.pred" (%all, %p, %full) scope(thread) : memref<1xi1, #tile.reg>, memref<1xi1, #tile.reg>, i32
          %again = arith.xori %done, %true : i1
          scf.condition(%again)
        } do {
          scf.yield
        }
      } else {
        %half = arith.cmpi ult, %tid, %c48 : index
        scf.if %half {
          %s = tile.alloc_local : memref<1xi64, #tile.reg>
          tile.apply "mbarrier.arrive.shared::cta.b64" (%s, %bar) scope(thread) : memref<1xi64, #tile.reg>, !Bar
        }
      }
      gpu.barrier
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
    return
  }
}
