// Operations the PTX ISA leaves undefined on an mbarrier object end a CPU
// run with the thread, the instruction, the barrier and the reason: more
// arrivals than the phase waits for, a barrier never initialized or
// invalidated, a second init, counts out of range, a .noComplete arrival
// that would complete the phase, a phase parity other than 0 or 1. Each
// RUN launches one kernel (sed names it).
// REQUIRES: cuda-runtime
// RUN: sed 's/@CASE/@too_many/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=TOO_MANY
// RUN: sed 's/@CASE/@no_init/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=NO_INIT
// RUN: sed 's/@CASE/@after_inval/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=AFTER_INVAL
// RUN: sed 's/@CASE/@init_twice/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=INIT_TWICE
// RUN: sed 's/@CASE/@count_zero/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=COUNT_ZERO
// RUN: sed 's/@CASE/@no_complete/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=NO_COMPLETE
// RUN: sed 's/@CASE/@parity_two/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=PARITY_TWO
// RUN: sed 's/@CASE/@tx_range/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=TX_RANGE
// TOO_MANY: tile-cpu: thread 0, 'mbarrier.arrive.shared.b64' on the mbarrier at byte 0 of workgroup buffer 0 of @kernels::@too_many: arrives 2 times where the phase waits for 1 arrivals
// NO_INIT: tile-cpu: thread 0, 'mbarrier.arrive.shared.b64' on the mbarrier at byte 0 of workgroup buffer 0 of @kernels::@no_init: it is not an mbarrier object (no mbarrier.init, or mbarrier.inval since)
// AFTER_INVAL: tile-cpu: thread 0, 'mbarrier.test_wait.parity.shared.b64' on the mbarrier at byte 0 of workgroup buffer 0 of @kernels::@after_inval: it is not an mbarrier object (no mbarrier.init, or mbarrier.inval since)
// INIT_TWICE: tile-cpu: thread 0, 'mbarrier.init.shared.b64' on the mbarrier at byte 0 of workgroup buffer 0 of @kernels::@init_twice: initializes an mbarrier object that is already one (mbarrier.inval it first)
// COUNT_ZERO: tile-cpu: thread 0, 'mbarrier.init.shared.b64' on the mbarrier at byte 0 of workgroup buffer 0 of @kernels::@count_zero: its count 0 is out of range (1 to 2^20 - 1)
// NO_COMPLETE: tile-cpu: thread 0, 'mbarrier.arrive.noComplete.shared.b64' on the mbarrier at byte 0 of workgroup buffer 0 of @kernels::@no_complete: (.noComplete) would complete the phase
// PARITY_TWO: tile-cpu: thread 0, 'mbarrier.try_wait.parity.shared.b64' on the mbarrier at byte 0 of workgroup buffer 0 of @kernels::@parity_two: its phaseParity is 2, not 0 or 1
// TX_RANGE: tile-cpu: thread 0, 'mbarrier.expect_tx.relaxed.cta.shared.b64' on the mbarrier at byte 0 of workgroup buffer 0 of @kernels::@tx_range: its transaction count 1048576 is out of range (1 to 2^20 - 1)
#WS = #gpu.address_space<workgroup>
!B = memref<1xi64, #WS>
!S = memref<1xi64, #tile.reg>
!P = memref<1xi1, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @too_many() workgroup(%bar: !B) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %big = arith.constant 1048576 : i32
      %s = tile.alloc_local : !S
      %p = tile.alloc_local : !P
      tile.apply "mbarrier.init.shared.b64" (%bar, %one) scope(thread) : !B, i32
      tile.apply "mbarrier.arrive.shared.b64" (%s, %bar, %two) scope(thread) : !S, !B, i32
      gpu.return
    }
    gpu.func @no_init() workgroup(%bar: !B) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %big = arith.constant 1048576 : i32
      %s = tile.alloc_local : !S
      %p = tile.alloc_local : !P
      tile.apply "mbarrier.arrive.shared.b64" (%s, %bar) scope(thread) : !S, !B
      gpu.return
    }
    gpu.func @after_inval() workgroup(%bar: !B) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %big = arith.constant 1048576 : i32
      %s = tile.alloc_local : !S
      %p = tile.alloc_local : !P
      tile.apply "mbarrier.init.shared.b64" (%bar, %one) scope(thread) : !B, i32
      tile.apply "mbarrier.inval.shared.b64" (%bar) scope(thread) : !B
      tile.apply "mbarrier.test_wait.parity.shared.b64" (%p, %bar, %zero) scope(thread) : !P, !B, i32
      gpu.return
    }
    gpu.func @init_twice() workgroup(%bar: !B) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %big = arith.constant 1048576 : i32
      %s = tile.alloc_local : !S
      %p = tile.alloc_local : !P
      tile.apply "mbarrier.init.shared.b64" (%bar, %one) scope(thread) : !B, i32
      tile.apply "mbarrier.init.shared.b64" (%bar, %two) scope(thread) : !B, i32
      gpu.return
    }
    gpu.func @count_zero() workgroup(%bar: !B) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %big = arith.constant 1048576 : i32
      %s = tile.alloc_local : !S
      %p = tile.alloc_local : !P
      tile.apply "mbarrier.init.shared.b64" (%bar, %zero) scope(thread) : !B, i32
      gpu.return
    }
    gpu.func @no_complete() workgroup(%bar: !B) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %big = arith.constant 1048576 : i32
      %s = tile.alloc_local : !S
      %p = tile.alloc_local : !P
      tile.apply "mbarrier.init.shared.b64" (%bar, %one) scope(thread) : !B, i32
      tile.apply "mbarrier.arrive.noComplete.shared.b64" (%s, %bar, %one) scope(thread) : !S, !B, i32
      gpu.return
    }
    gpu.func @parity_two() workgroup(%bar: !B) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %big = arith.constant 1048576 : i32
      %s = tile.alloc_local : !S
      %p = tile.alloc_local : !P
      tile.apply "mbarrier.init.shared.b64" (%bar, %one) scope(thread) : !B, i32
      tile.apply "mbarrier.try_wait.parity.shared.b64" (%p, %bar, %two) scope(thread) : !P, !B, i32
      gpu.return
    }
    gpu.func @tx_range() workgroup(%bar: !B) kernel {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %big = arith.constant 1048576 : i32
      %s = tile.alloc_local : !S
      %p = tile.alloc_local : !P
      tile.apply "mbarrier.init.shared.b64" (%bar, %one) scope(thread) : !B, i32
      tile.apply "mbarrier.expect_tx.relaxed.cta.shared.b64" (%bar, %big) scope(thread) : !B, i32
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@CASE blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
