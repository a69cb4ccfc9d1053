// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// mbarrier objects and fences: the documented spellings parse and verify;
// the spellings ptxas 13.0 also accepts (the state space or the ordering
// after the type suffix, the scope apart from the semantics) are rejected
// with the reason, documented forms tile-mlir does not offer say so, and
// the floors are checked.

!W = memref<1xi64, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "mbarrier.init.shared.b64"
// CHECK: tile.apply "mbarrier.arrive.expect_tx.release.cluster.shared::cta.b64"
// CHECK: tile.apply "mbarrier.arrive_drop.noComplete.release.cta.shared.b64"
// CHECK: tile.apply "mbarrier.try_wait.parity.relaxed.cluster.shared.b64"
// CHECK: tile.apply "fence.mbarrier_init.release.cluster"() scope(thread){{$}}
// CHECK: tile.apply "fence.release.sync_restrict::shared::cta.cluster"
// CHECK: tile.apply "fence.proxy.tensormap::generic.release.gpu"
// CHECK: tile.apply "membar.sys"
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx86">] {
  gpu.func @k(%n: i32) workgroup(%b: !W) kernel {
    %s = tile.alloc_local : memref<1xi64, #tile.reg>
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    tile.apply "mbarrier.init.shared.b64" (%b, %n) scope(thread) : !W, i32
    tile.apply "mbarrier.arrive.expect_tx.release.cluster.shared::cta.b64" (%s, %b, %n) scope(thread) : memref<1xi64, #tile.reg>, !W, i32
    tile.apply "mbarrier.arrive_drop.noComplete.release.cta.shared.b64" (%s, %b, %n) scope(thread) : memref<1xi64, #tile.reg>, !W, i32
    tile.apply "mbarrier.try_wait.parity.relaxed.cluster.shared.b64" (%p, %b, %n, %n) scope(thread) : memref<1xi1, #tile.reg>, !W, i32, i32
    tile.apply "fence.mbarrier_init.release.cluster" () scope(thread)
    tile.apply "fence.release.sync_restrict::shared::cta.cluster" () scope(thread)
    tile.apply "fence.proxy.tensormap::generic.release.gpu" () scope(thread)
    tile.apply "membar.sys" () scope(thread)
    gpu.return
  }
}

// -----

func.func @space_after_type(%b: memref<1xi64, #gpu.address_space<workgroup>>) {
  %s = tile.alloc_local : memref<1xi64, #tile.reg>
  // expected-error @below {{'mbarrier.arrive.b64.shared' is not a documented PTX form: the ISA writes the state space before the type suffix}}
  tile.apply "mbarrier.arrive.b64.shared" (%s, %b) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @scope_first(%b: memref<1xi64, #gpu.address_space<workgroup>>) {
  %s = tile.alloc_local : memref<1xi64, #tile.reg>
  // expected-error @below {{'mbarrier.arrive.cluster.release.shared.b64' is not a documented PTX form: the ISA writes an ordering as .sem.scope, together}}
  tile.apply "mbarrier.arrive.cluster.release.shared.b64" (%s, %b) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @generic(%b: memref<1xi64, #gpu.address_space<workgroup>>) {
  %s = tile.alloc_local : memref<1xi64, #tile.reg>
  // expected-error @below {{'mbarrier.arrive.b64' is not supported: generic addressing (no state space) is not supported}}
  tile.apply "mbarrier.arrive.b64" (%s, %b) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @cluster_space(%a: memref<1xi64, #tile.reg>, %n: i32) {
  // expected-error @below {{is not supported: of the operations on another CTA's mbarrier (.shared::cluster), tile-mlir has only the arrive}}
  tile.apply "mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64" (%a, %n) scope(thread) : memref<1xi64, #tile.reg>, i32
  return
}

// -----

func.func @no_complete_relaxed(%b: memref<1xi64, #gpu.address_space<workgroup>>, %n: i32) {
  %s = tile.alloc_local : memref<1xi64, #tile.reg>
  // expected-error @below {{qualifiers .noComplete, .relaxed.cta cannot be combined}}
  tile.apply "mbarrier.arrive.noComplete.relaxed.cta.shared.b64" (%s, %b, %n) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #gpu.address_space<workgroup>>, i32
  return
}

// -----

func.func @tensormap_acquire() {
  // expected-error @below {{is not supported: the acquire tensormap proxy fence takes a tensor map's global address}}
  tile.apply "fence.proxy.tensormap::generic.acquire.gpu" () scope(thread)
  return
}

// -----

func.func @fence_sem_alone() {
  // expected-error @below {{unknown qualifier '.sc' in 'fence.sc'}}
  tile.apply "fence.sc" () scope(thread)
  return
}

// -----

// try_wait and the cluster scope need sm_90; .relaxed needs PTX ISA 8.6.
gpu.module @old [#nvvm.target<chip = "sm_80", features = "+ptx86">] {
  gpu.func @k(%n: i32) workgroup(%b: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    %p = tile.alloc_local : memref<1xi1, #tile.reg>
    // expected-error @below {{requires sm_90}}
    tile.apply "mbarrier.try_wait.parity.shared.b64" (%p, %b, %n) scope(thread) : memref<1xi1, #tile.reg>, memref<1xi64, #gpu.address_space<workgroup>>, i32
    gpu.return
  }
}

// -----

gpu.module @ptx80 [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%n: i32) workgroup(%b: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    %s = tile.alloc_local : memref<1xi64, #tile.reg>
    // expected-error @below {{requires PTX ISA 8.6}}
    tile.apply "mbarrier.arrive.relaxed.cta.shared.b64" (%s, %b) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}
