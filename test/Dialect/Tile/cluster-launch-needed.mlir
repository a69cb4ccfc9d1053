// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// The shared-to-shared bulk copy faults with an illegal instruction on the
// H200 unless its kernel is launched with cluster dimensions (measured; the
// form's NeedsClusterLaunch): a launch without them is an error at the
// launch, with the instruction; with `clusters in (1, 1, 1)`, or in a
// kernel that declares its cluster (known_cluster_size, .reqnctapercluster),
// it verifies.

#WS = #gpu.address_space<workgroup>
!S = memref<64xf32, #WS>
!B = memref<1xi64, #WS>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%n: i32) workgroup(%S: !S, %T: !S, %bar: !B) kernel {
      // expected-note @below {{the instruction}}
      tile.apply "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes" (%T, %S, %n, %bar) scope(thread) : !S, !S, i32, !B
      gpu.return
    }
  }
  func.func @main(%n: i32) {
    %c1 = arith.constant 1 : index
    // expected-error @below {{'gpu.launch_func' op launches @k without cluster dimensions, but its 'cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes' faults (illegal instruction, measured on the H200) unless the kernel runs in a cluster: add `clusters in (1, 1, 1)`}}
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : i32)
    return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
!S = memref<64xf32, #WS>
!B = memref<1xi64, #WS>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%n: i32) workgroup(%S: !S, %T: !S, %bar: !B) kernel {
      tile.apply "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes" (%T, %S, %n, %bar) scope(thread) : !S, !S, i32, !B
      gpu.return
    }
  }
  func.func @main(%n: i32) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @m::@k clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : i32)
    return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
!S = memref<64xf32, #WS>
!B = memref<1xi64, #WS>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%n: i32) workgroup(%S: !S, %T: !S, %bar: !B) kernel
        attributes {known_cluster_size = array<i32: 1, 1, 1>} {
      tile.apply "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes" (%T, %S, %n, %bar) scope(thread) : !S, !S, i32, !B
      gpu.return
    }
  }
  func.func @main(%n: i32) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : i32)
    return
  }
}
